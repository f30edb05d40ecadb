"""Uploaded files are read up to their limit and one byte more, never further.

Django's DATA_UPLOAD_MAX_MEMORY_SIZE does not count a multipart form's files; the file
handlers would spool any size to disk. This handler keeps a file in memory up to
`campaign.forms.MAX_CAMPAIGN_FILE_BYTES` + 1 bytes (the one byte lets the form say "larger
than 2 MB") and drops the rest unkept; the whole request is at most `MAX_REQUEST_BYTES`
(hosting.middleware), refused unread past that.
"""

from __future__ import annotations

from django.core.files.uploadhandler import MemoryFileUploadHandler

# The largest file any page takes: a campaign file (campaign.forms.MAX_CAMPAIGN_FILE_BYTES).
MAX_FILE_BYTES = 2 * 1024 * 1024


class LimitedUploadHandler(MemoryFileUploadHandler):
    def handle_raw_input(self, input_data, META, content_length, boundary, encoding=None):
        # Always in memory: never more than MAX_FILE_BYTES + 1 bytes of it are kept.
        self.activated = True

    def new_file(self, *args, **kwargs) -> None:
        self.received = 0
        super().new_file(*args, **kwargs)  # raises StopFutureHandlers: it keeps the file

    def receive_data_chunk(self, raw_data: bytes, start: int):
        room = MAX_FILE_BYTES + 1 - self.received
        kept = raw_data[: max(room, 0)]
        self.received += len(kept)
        if kept:
            self.file.write(kept)
        # Past the limit the form sees MAX_FILE_BYTES + 1 bytes and says the file is too large.
        return None
