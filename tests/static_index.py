"""WhiteNoise as the tests run it: the same middleware, indexing the collected static files once
per test process instead of once per test client.

A host builds its middleware once per gunicorn worker, and WhiteNoise then reads the static
root's ~1,100 files (hashed names and their compressed copies) once. Django's test client builds
the middleware anew for every client, which made each test re-read the whole directory: about
0.7 s a client, a third of the suite's time. The index is the same for the same directory and
the same settings, so it is kept by both (`hosted_static_files`, tests/plugins/static_files.py,
puts this class in WhiteNoise's place); what a request is answered with does not change.
"""

from whitenoise.middleware import WhiteNoiseMiddleware

_INDEXES: dict[tuple, dict] = {}


class IndexedOnceWhiteNoiseMiddleware(WhiteNoiseMiddleware):
    def update_files_dictionary(self, root, prefix):
        key = (
            root,
            prefix,
            self.max_age,
            self.charset,
            self.allow_all_origins,
            self.index_file,
            # The middleware's own test is a method: a new bound object for every instance.
            getattr(self.immutable_file_test, "__func__", self.immutable_file_test),
            self.add_headers_function,
        )
        files = _INDEXES.get(key)
        if files is None:
            kept, self.files = self.files, {}
            super().update_files_dictionary(root, prefix)
            files = _INDEXES[key] = self.files
            self.files = {**kept, **files}
        else:
            self.files.update(files)
