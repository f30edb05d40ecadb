"""The solo game as a state machine: the Center, the Achievement Track, the tokens, the end.

`Game.start(variants, projects)` is the setup of SE:49-83; `Game.play_turn(turn, index)` checks
one entry of a session's `turns` against the state (raising `SpaceExplorersError` naming its
path) and applies it, as OTHER-GAMES.md §1.3 runs it. The Center is tracked by slot occupancy,
not card identities: which slot the marker is under, which main-row slots are empty (only once
the deck and the temporary row have run out), the temporary row's size and the deck's.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, NoReturn

from gamefile.fields import MISSING, Fields
from gamefile.reading import describe, one_of
from gamefile.words import _, ngettext
from space_explorers.rules import (
    CENTER_SLOTS,
    DIVISION_NAMES,
    DIVISIONS,
    FINISH,
    OPPONENT,
    STARTING_DECK,
    STARTING_HAND,
    STARTING_STACK,
    TOKENS_IN_PLAY,
    YOU,
    YOUR_SPECIALISTS_TO_END,
    Project,
    SpaceExplorersError,
    Variants,
    all_of,
    clauses,
    name_key,
)

TURN_KEYS = (YOU, OPPONENT)
YOUR_TURN_KEYS = (
    "action",
    "from",
    "slot",
    "index",
    "cards_to_center",
    "tokens_set_aside",
    "launch",
)
OPPONENT_TURN_KEYS = ("division",)
ACTIONS = ("take", "recruit")
SOURCES = ("center", "temporary", "hand", "deck")
TWELVE_SPECIALISTS = "twelve_specialists"
NO_PROJECTS = "no_projects"
TEMPORARY_ROW = "temporary_row"
DECK = "deck"
# The gamefile reader, refusing with a `SpaceExplorersError`.
FIELDS = Fields(SpaceExplorersError, root="session")


def fail(path: str, message: str) -> NoReturn:
    raise SpaceExplorersError(path, message)


def slot_name(slot: int) -> str:
    """People count the Center's cards from 1 at the left; the file counts slots from 0."""
    return _("slot %(number)s", number=slot + 1)


def refill_words(source: str | None, *, past: bool = False) -> str:
    """Where a vacancy of the main row is filled from, for a sentence."""
    if source == TEMPORARY_ROW:
        if past:
            return _("the leftmost card of the temporary row filled the slot")
        return _("the leftmost card of the temporary row fills the slot")
    if source == DECK:
        return (
            _("a card from the deck filled the slot")
            if past
            else _("a card from the deck fills the slot")
        )
    if past:
        return _("the slot stayed empty (no card left in the deck or the temporary row)")
    return _("the slot stays empty (no card left in the deck or the temporary row)")


def _count(value: Any, path: str, maximum: int, reason: str) -> int:
    value = FIELDS.integer(value, path)
    if not 0 <= value <= maximum:
        if maximum == 0:
            fail(path, _("must be 0: %(reason)s", reason=reason))
        fail(path, _("must be between 0 and %(most)s: %(reason)s", most=maximum, reason=reason))
    return value


@dataclass
class Game:
    variants: Variants
    projects: tuple[Project, ...]
    occupied: list[bool] = field(default_factory=lambda: [True] * CENTER_SLOTS)
    marker: int = 0  # SE:53 under the first (leftmost) card
    temporary: int = 0
    deck: int = STARTING_DECK
    hand: int = STARTING_HAND
    your_specialists: int = 0
    stack: int = STARTING_STACK
    divisions: dict[str, int] = field(default_factory=lambda: dict.fromkeys(DIVISIONS, 0))
    positions: list[int | None] = field(default_factory=list)  # None: launched by you
    completed_by: list[str | None] = field(default_factory=list)
    opponent_completed: list[int] = field(default_factory=list)  # in the order of completion
    launched: list[int] = field(default_factory=list)
    trigger: str | None = None
    triggered_on: dict | None = None
    over: bool = False
    turns: int = 0
    history: list[str] = field(default_factory=list)

    @classmethod
    def start(cls, variants: Variants, projects: tuple[Project, ...]) -> Game:
        # SE:59 all 5 tiles at Start; Variant #1 (SE:175) one position forward.
        return cls(
            variants=variants,
            projects=projects,
            positions=[variants.start_position] * len(projects),
            completed_by=[None] * len(projects),
        )

    # --- what the state says

    @property
    def center_empty(self) -> bool:
        return not any(self.occupied)

    @property
    def round(self) -> int:
        """The round in progress (or the last one played, once the game is over)."""
        return self.turns // 2 if self.over else self.turns // 2 + 1

    @property
    def next_player(self) -> str | None:
        if self.over:
            return None
        return YOU if self.turns % 2 == 0 else OPPONENT

    def on_track(self, index: int) -> bool:
        return self.completed_by[index] is None

    def tiles_on_track(self) -> list[int]:
        return [i for i in range(len(self.projects)) if self.completed_by[i] is None]

    def refill_source(self) -> str | None:
        """Where the next vacancy in the main row is filled from (SE:127, SE:133, SE-R1)."""
        if self.temporary:
            return TEMPORARY_ROW
        if self.deck:
            return DECK
        return None

    # --- the Center (SE:122-129)

    def _settle_marker(self) -> None:
        # SE-R3: a marker over an empty slot moves on to the next occupied slot; with an empty
        # Center it stays where it is until a card comes back.
        if self.occupied[self.marker] or self.center_empty:
            return
        while not self.occupied[self.marker]:
            self.marker = (self.marker + 1) % CENTER_SLOTS

    def add_to_center(self) -> None:
        """A card put into the Center (your payment): a vacancy first, else the temporary row."""
        # SE:126 a 7th card starts the temporary row, further cards go to its right. A vacancy
        # exists only when the temporary row is empty; the leftmost one is filled (a reading).
        for slot in range(CENTER_SLOTS):
            if not self.occupied[slot]:
                self.occupied[slot] = True
                self._settle_marker()
                return
        self.temporary += 1

    def take_from_main_row(self, slot: int) -> str | None:
        """The card at `slot` leaves: marker (SE:124, SE:129), then refill (SE:127, SE-R1)."""
        self.occupied[slot] = False
        if slot == self.marker:
            # SE:124 "If the Development marker is at the last card, move it to the first card".
            self.marker = (slot + 1) % CENTER_SLOTS
        # SE-R1: every vacancy is refilled at once, temporary row first, then the deck.
        source = self.refill_source()
        if source == TEMPORARY_ROW:
            self.temporary -= 1
            self.occupied[slot] = True
        elif source == DECK:
            self.deck -= 1
            self.occupied[slot] = True
        self._settle_marker()
        return source

    # --- one turn of the session

    def play_turn(self, turn: Any, index: int) -> None:
        path = f"turns[{index}]"
        if self.over:
            fail(
                path,
                _(
                    "comes after the game is over (it ended with %(last)s)",
                    last=f"turns[{index - 1}]",
                ),
            )
        if not isinstance(turn, Mapping):
            fail(
                path,
                _(
                    'must be an object, {"you": …} or {"opponent": …}, not %(found)s',
                    found=describe(turn),
                ),
            )
        for key in turn:
            if key not in TURN_KEYS:
                fail(f"{path}.{key}", _("is not a turn; allowed: you, opponent"))
        if len(turn) != 1:
            if turn:
                fail(path, _("must hold one turn: you or opponent, not both"))
            fail(path, _("must hold one turn: you or opponent"))
        (player,) = turn
        expected = self.next_player
        if player != expected:
            if expected == YOU:
                fail(path, _("must be your turn: you and the Opponent take turns, you first"))
            fail(path, _("must be the Opponent's turn: you and the Opponent take turns, you first"))
        if player == YOU:
            self._your_turn(turn[YOU], f"{path}.you")
        else:
            self._opponent_turn(turn[OPPONENT], f"{path}.opponent")
        self.turns += 1

    def _end_triggered(self, trigger: str, player: str) -> None:
        if self.trigger is None:
            self.trigger = trigger
            self.triggered_on = {"player": player, "round": self.round}

    def _your_turn(self, data: Any, path: str) -> None:
        FIELDS.mapping(data, path, YOUR_TURN_KEYS, _("a key of your turn"))
        action, source = self._read_action(data, path)
        slot = self._read_slot(data, path, source)
        self._read_index(data, path, source)
        if source == "deck" and not self.deck:
            fail(f"{path}.from", _("the Specialist deck is empty"))
        if source == "hand" and not self.hand:
            fail(f"{path}.from", _("your hand is empty"))

        spare = self.hand - (1 if source == "hand" else 0)
        cards = _count(
            data.get("cards_to_center", 0),
            f"{path}.cards_to_center",
            spare,
            _(
                "your hand holds %(cards)s",
                cards=ngettext("%(count)s other card", "%(count)s other cards", spare, count=spare)
                if source == "hand"
                else ngettext("%(count)s card", "%(count)s cards", spare, count=spare),
            ),
        )
        held = TOKENS_IN_PLAY - self.stack
        tokens = _count(
            data.get("tokens_set_aside", 0),
            f"{path}.tokens_set_aside",
            held,
            _(
                "you hold %(tokens)s (%(stack)s of the %(all)s are in the Opponent's stack)",
                tokens=ngettext(
                    "%(count)s Research token", "%(count)s Research tokens", held, count=held
                ),
                stack=self.stack,
                all=TOKENS_IN_PLAY,
            ),
        )
        launch = self._read_launch(data.get("launch"), f"{path}.launch")

        refill = self._pay_and_move_card(action, source, slot, cards)
        if launch is not None:
            self._launch(launch)

        # SE:112: take the top token of the Opponent's stack ("If the stack is empty … you miss
        # out"), then the set-aside tokens go underneath it.
        gained = self.stack > 0
        if gained:
            self.stack -= 1
        self.stack += tokens
        self.history.append(
            self._your_sentence(action, source, slot, refill, cards, tokens, launch, gained)
        )

    def _read_action(self, data: Mapping, path: str) -> tuple[str, str]:
        """Your turn's action and where its card comes from, checked."""
        action = data.get("action", MISSING)
        if action is MISSING:
            fail(
                f"{path}.action", _("is required: take (into your hand) or recruit (into your Hub)")
            )
        if action not in ACTIONS:
            fail(
                f"{path}.action",
                _("must be take or recruit, not %(found)s", found=describe(action)),
            )
        source = data.get("from", MISSING)
        if source is MISSING:
            fail(f"{path}.from", _("is required: %(allowed)s", allowed=one_of(SOURCES)))
        if source not in SOURCES:
            fail(
                f"{path}.from",
                _(
                    "must be %(allowed)s, not %(found)s",
                    allowed=one_of(SOURCES),
                    found=describe(source),
                ),
            )
        if action == "take" and source == "hand":
            fail(
                f"{path}.from",
                _(
                    "a card you take into your hand comes from the center, the temporary row or "
                    "the deck, not from your hand"
                ),
            )
        if action == "recruit" and source == "deck":
            # Base rules: you recruit "from the Center or your hand".
            fail(f"{path}.from", _("you recruit from the Center or your hand, not from the deck"))
        return action, source

    def _pay_and_move_card(
        self, action: str, source: str, slot: int | None, cards: int
    ) -> str | None:
        """Pay `cards` into the Center, then take or recruit the card; the Center's refill."""
        # SE-R2: the payment cards go to the Center first, then the recruited card leaves it.
        self.hand -= cards
        for _card in range(cards):
            self.add_to_center()
        refill: str | None = None
        if slot is not None:
            refill = self.take_from_main_row(slot)
        elif source == "temporary":
            self.temporary -= 1  # moves nothing and refills nothing (SE:126)
        elif source == "deck":
            self.deck -= 1
        else:
            self.hand -= 1
        if action == "take":
            self.hand += 1
        else:
            self.your_specialists += 1
            if self.your_specialists == YOUR_SPECIALISTS_TO_END:
                self._end_triggered(TWELVE_SPECIALISTS, YOU)  # SE:153 "you (not your Opponent)"
        return refill

    def _launch(self, launch: int) -> None:
        # One launch at most per turn (base rules): the tile leaves the track.
        self.completed_by[launch] = YOU
        self.positions[launch] = None
        self.launched.append(launch)
        if not self.tiles_on_track():
            self._end_triggered(NO_PROJECTS, YOU)

    def _read_slot(self, data: Mapping, path: str, source: str) -> int | None:
        if source != "center":
            if "slot" in data:
                fail(f"{path}.slot", _("is only for a card from the center"))
            return None
        if "slot" not in data:
            fail(
                f"{path}.slot",
                _(
                    "is required with from center (0 = leftmost, to %(last)s)",
                    last=CENTER_SLOTS - 1,
                ),
            )
        slot = FIELDS.integer(data["slot"], f"{path}.slot")
        if not 0 <= slot < CENTER_SLOTS:
            fail(
                f"{path}.slot",
                _("must be between 0 and %(last)s (0 = leftmost)", last=CENTER_SLOTS - 1),
            )
        if not self.occupied[slot]:
            fail(
                f"{path}.slot",
                _(
                    "must be a slot holding a card: slot %(slot)s is empty (the deck and the "
                    "temporary row ran out)",
                    slot=slot,
                ),
            )
        return slot

    def _read_index(self, data: Mapping, path: str, source: str) -> None:
        if source != "temporary":
            if "index" in data:
                fail(f"{path}.index", _("is only for a card from the temporary row"))
            return
        if not self.temporary:
            fail(f"{path}.from", _("the temporary row is empty"))
        if "index" not in data:
            fail(f"{path}.index", _("is required with from temporary (0 = leftmost card)"))
        _count(
            data["index"],
            f"{path}.index",
            self.temporary - 1,
            _(
                "the temporary row holds %(cards)s",
                cards=ngettext(
                    "%(count)s card", "%(count)s cards", self.temporary, count=self.temporary
                ),
            ),
        )

    def _read_launch(self, value: Any, path: str) -> int | None:
        if value is None:
            return None
        names = [p.name for p in self.projects]
        index = None
        if isinstance(value, str):
            keys = [name_key(name) for name in names]
            if name_key(value) in keys:
                index = keys.index(name_key(value))
        if index is None:
            fail(
                path,
                _(
                    "must be null or the name of a Project tile in play (%(names)s)",
                    names=one_of(names),
                ),
            )
        name = names[index]
        if self.completed_by[index] == OPPONENT:
            fail(
                path,
                _(
                    "%(name)s was completed by your Opponent: it is no longer on the track",
                    name=name,
                ),
            )
        if self.completed_by[index] == YOU:
            fail(path, _("%(name)s was already launched by you", name=name))
        return index

    def _opponent_turn(self, data: Any, path: str) -> None:
        FIELDS.mapping(data, path, OPPONENT_TURN_KEYS, _("a key of the Opponent's turn"))
        division_path = f"{path}.division"
        if "division" not in data:
            fail(
                division_path,
                _(
                    "is required: the Division the recruited card joins (its top-most skill), or "
                    "null when the Center is empty"
                ),
            )
        division = data["division"]
        if self.center_empty:
            if division is not None:
                fail(
                    division_path,
                    _("must be null: the Center is empty, the Opponent recruits nothing"),
                )
            self.history.append(
                _(
                    "Round %(round)s: the Center is empty, so the Opponent recruited nothing.",
                    round=self.round,
                )
            )
        else:
            if division not in DIVISIONS:
                fail(
                    division_path,
                    _(
                        "must be the Division of the card the Opponent recruits (above the "
                        "Development marker): %(allowed)s, not %(found)s",
                        allowed=one_of(DIVISIONS),
                        found=describe(division),
                    ),
                )
            self._opponent_recruits(division)
        if not self.tiles_on_track():
            # SE-R5: a trigger during the Opponent's turn ends the game at once.
            self._end_triggered(NO_PROJECTS, OPPONENT)
        # SE:153 "the game continues until the end of your Opponent's next turn".
        self.over = self.trigger is not None

    def _opponent_recruits(self, division: str) -> None:
        # SE:133 the card above the Development marker, free (SE:135); its Division is the
        # top-most of two different skills, which the player reads off the card.
        slot = self.marker
        self.divisions[division] += 1
        refill = self.take_from_main_row(slot)
        moved, completed = [], []
        for index, project in enumerate(self.projects):
            # SE:137, SE:147: one position per recruit, however many icons of that colour.
            if self.on_track(index) and division in project.colours:
                position = self.positions[index]
                assert position is not None
                self.positions[index] = position + 1
                moved.append(project.name)
                if position + 1 == FINISH:
                    # SE:139 "considered completed by your Opponent".
                    self.completed_by[index] = OPPONENT
                    self.opponent_completed.append(index)
                    completed.append(project.name)
        parts = [
            _(
                "Round %(round)s: the Opponent recruited the card in %(slot)s into %(division)s",
                round=self.round,
                slot=slot_name(slot),
                division=DIVISION_NAMES[division],
            ),
            refill_words(refill, past=True),
        ]
        if moved:
            parts.append(_("%(projects)s moved one position", projects=all_of(moved)))
        if completed:
            parts.append(
                _(
                    "%(projects)s reached Finish: completed by your Opponent",
                    projects=all_of(completed),
                )
            )
        self.history.append(clauses(parts))

    def _your_sentence(
        self,
        action: str,
        source: str,
        slot: int | None,
        refill: str | None,
        cards: int,
        tokens: int,
        launch: int | None,
        gained: bool,
    ) -> str:
        where = {
            "center": _("the card in %(slot)s", slot=slot_name(slot or 0)),
            "temporary": _("a card of the temporary row"),
            "deck": _("the top card of the deck"),
            "hand": _("a card from your hand"),
        }[source]
        if action == "take":
            did = _(
                "Round %(round)s: you took %(card)s into your hand", round=self.round, card=where
            )
        else:
            did = _(
                "Round %(round)s: you recruited %(card)s into your Hub",
                round=self.round,
                card=where,
            )
        parts = [did]
        if source == "center":
            parts.append(refill_words(refill, past=True))
        if cards:
            parts.append(
                ngettext(
                    "%(count)s hand card went to the Center",
                    "%(count)s hand cards went to the Center",
                    cards,
                    count=cards,
                )
            )
        if launch is not None:
            parts.append(_("you launched %(project)s", project=self.projects[launch].name))
        if gained and tokens:
            token = ngettext(
                "you took the Opponent's top token, then %(count)s set-aside token went under it",
                "you took the Opponent's top token, then %(count)s set-aside tokens went under it",
                tokens,
                count=tokens,
            )
        elif tokens:
            token = ngettext(
                "the Opponent's stack was empty, then %(count)s set-aside token went under it",
                "the Opponent's stack was empty, then %(count)s set-aside tokens went under it",
                tokens,
                count=tokens,
            )
        elif gained:
            token = _("you took the Opponent's top token")
        else:
            token = _("the Opponent's stack was empty")
        parts.append(token)
        return clauses(parts)
