"""How many examples a property test tries: `examples(n)`, n being the budget it was sized with.

`make test` runs half of each budget (at least 10 examples), which keeps every property's
check in each run within the suite's ten minutes; `PROPERTY_SCALE=1` runs the budgets as
sized, and a long hunt for a rare case raises it further (`PROPERTY_SCALE=20 make test-sqlite`).
Hypothesis keeps the failing examples it found (`.hypothesis/`), so a failure found once is
tried first on the next run at any scale.
"""

import os

SCALE = float(os.environ.get("PROPERTY_SCALE", "0.5"))


def examples(budget: int) -> int:
    return max(10, round(budget * SCALE))
