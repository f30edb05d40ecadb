"""Numbers in addresses: a number out of range is an address that does not exist (404), never
a database error. Django's `<int:…>` matches any run of digits, and
`/games/9223372036854775807/summary/` reached the database, which cannot hold its neighbour.

- `<number:…>`: a game or a section, at most 999,999 (a campaign will not play a million
  games; the database's columns hold 32,767);
- `<id:…>`: a row's id (a member, an invite, a change in the history), at most 15 digits.
"""


class GameNumberConverter:
    regex = "[0-9]{1,6}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(int(value))


class RowIdConverter(GameNumberConverter):
    regex = "[0-9]{1,15}"
