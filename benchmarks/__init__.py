"""How fast the rules and the pages run (`python manage.py bench`), and the campaigns they run on.

- `samples`: campaign files built in code (pure: no Django), for the benchmarks, the property
  tests and the demo.
- `rules`: the engine and the replay, timed.
- `pages`: a save and the campaign pages, timed in a throwaway database.
"""
