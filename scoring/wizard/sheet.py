"""The score sheet: a `GameScore` as the pages show it, and the wizard's live result.

`score_sheet()` turns any `GameScore` into the sheet that `scoring/wizard.html#live-result` and
`scoring/game_detail.html#score-sheet` render; `render_live_result()` answers the htmx live
preview of any `TableForm`. Every number is the engine's; only the words are added here.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext

from hosting.words import translated
from scoring.catalogue import CatalogueNames, CorporationOption
from scoring.wizard.table_form import TableForm
from solar175 import engine
from solar175.explain import Term, explain_game, presence_terms, tracker_reasons

CATEGORY_LABELS = {
    "credits": "Credits",
    "loans": gettext_lazy("Unpaid loans"),
    "mining": "Mining",
    "political_influence": gettext_lazy("Political influence"),
    "bases": "Bases",
    "megastructure": "Megastructure",
    "military": "Military",
    "presence": "Presence",
    "bonus": gettext_lazy("Player power"),
}


# Shown only when someone scored there: most games have no loans, cards or powers.
OPTIONAL_CATEGORIES = ("loans", "political_influence", "bonus")


@dataclass(frozen=True)
class SheetPlayer:
    corporation: str
    name: str
    css_colour: str
    total: int
    rank: int
    crosses: tuple[str, ...]

    @property
    def short_name(self) -> str:
        # A phone's score sheet has room for a word per column: "Purple", not "Purple corporation".
        return self.name.split()[0] if self.name.strip() else self.corporation


@dataclass(frozen=True)
class SheetCell:
    """One figure of the sheet and the terms it is made of (tap it to see them)."""

    value: int
    terms: tuple[Term, ...] = ()
    title: str = ""  # "Purple · Bases": what the figure is, above its terms
    unit: str = "IP"

    def __str__(self) -> str:
        return str(self.value)


@dataclass(frozen=True)
class SheetRow:
    label: str
    cells: tuple[SheetCell, ...]
    doubled: bool = False

    @property
    def values(self) -> tuple[int, ...]:
        return tuple(cell.value for cell in self.cells)


@dataclass(frozen=True)
class SheetVote:
    party: str
    label: str
    votes: int
    union_votes: int
    elected: bool


@dataclass(frozen=True)
class ScoreSheet:
    players: tuple[SheetPlayer, ...]
    rows: tuple[SheetRow, ...]
    presence_rows: tuple[SheetRow, ...]
    votes: tuple[SheetVote, ...]
    election: str
    doubled: str
    winner: SheetPlayer
    tie_break: str | None
    worker_values: tuple[tuple[str, int], ...]
    # Why each tracker box went where it did ("Purple: most mining resource tokens left: 3.").
    tracker_reasons: tuple[str, ...] = ()

    @property
    def standings(self) -> list[SheetPlayer]:
        return sorted(self.players, key=lambda player: player.rank)


def score_sheet(
    score: engine.GameScore,
    table: engine.TableState,
    catalogue: CatalogueNames,
    corporations: list[CorporationOption] | None = None,
) -> ScoreSheet:
    """The words and rows around an engine result; every number is the engine's."""
    options = {c.key: c for c in (corporations or catalogue.corporations)}
    crosses: dict[str, list[str]] = {p.corporation: [] for p in score.players}
    for section, winners in score.tracker.items():
        for corporation in winners:
            crosses[corporation].append(catalogue.section(section))

    def option(key: str) -> CorporationOption:
        return options.get(key) or catalogue.corporation(key)

    players = tuple(
        SheetPlayer(
            corporation=p.corporation,
            name=option(p.corporation).name,
            css_colour=option(p.corporation).css_colour,
            total=p.total,
            rank=p.rank,
            crosses=tuple(crosses[p.corporation]),
        )
        for p in score.players
    )
    election = score.election
    doubled = engine.DOUBLED_BY[election.winner]
    explained = explain_game(table, score)
    names = {player.corporation: player.name for player in players}
    rows = tuple(
        SheetRow(
            CATEGORY_LABELS[c],
            tuple(
                SheetCell(
                    p.ip[c],
                    tuple(explained[p.corporation][c]),
                    f"{names[p.corporation]} · {CATEGORY_LABELS[c]}",
                )
                for p in score.players
            ),
            c == doubled,
        )
        for c in engine.CATEGORIES
        if c not in OPTIONAL_CATEGORIES or any(p.ip[c] for p in score.players)
    )
    presence_rows = tuple(
        SheetRow(
            catalogue.zone(z),
            tuple(
                SheetCell(
                    p.presence[z],
                    tuple(presence_terms(t, z)),
                    _("%(names)s · presence in %(zone)s")
                    % {"names": names[p.corporation], "zone": catalogue.zone(z)},
                    pgettext("a unit: presence points", "presence"),
                )
                for p, t in zip(score.players, table.players, strict=True)
            ),
        )
        for z in table.rules.zones_in_play
    )
    reasons = tracker_reasons(table, score)

    def name_of(key: str) -> str:
        return names.get(key, key)

    tracker_lines = tuple(
        f"{catalogue.section(section)} — {translated(reason.sentence(name_of))}"
        for section, reason in reasons.items()
    )
    parties = list(engine.LEGITIMATE_PARTIES)
    if table.rules.celestial_rebellion:
        parties.append(engine.CELESTIAL_REBELLION)
    votes = tuple(
        SheetVote(
            party=party,
            label=catalogue.party(party),
            votes=election.votes[party],
            union_votes=election.union_votes.get(party, 0),
            elected=party == election.winner,
        )
        for party in parties
    )
    winner = next(p for p in players if p.corporation == score.winner)
    worker_values = [
        (catalogue.hub(key), score.worker_values[key]) for key in ("hensler", "ufss", "military")
    ]
    worker_values += [
        (catalogue.hub("", zone=z), value) for z, value in score.worker_values["zones"].items()
    ]
    return ScoreSheet(
        players=players,
        rows=rows,
        presence_rows=presence_rows,
        votes=votes,
        election=_election_sentence(election, catalogue),
        doubled=CATEGORY_LABELS[doubled],
        winner=winner,
        tie_break=translated(engine.tie_break_sentence(score.tie_break, winner.total, winner.name)),
        worker_values=tuple(worker_values),
        tracker_reasons=tracker_lines,
    )


def _election_sentence(election: engine.Election, catalogue: CatalogueNames) -> str:
    party = catalogue.party(election.winner)
    votes = election.votes[election.winner]
    if election.overthrown:
        return _(
            "The %(party)s took power: %(votes)s spoiled ballots outnumber every party's votes."
        ) % {"party": party, "votes": votes}
    if election.incumbent_kept_power:
        return _("A tie at the top: the %(party)s, in power, stay in power.") % {"party": party}
    return _("The %(party)s won the election with %(votes)s votes.") % {
        "party": party,
        "votes": votes,
    }


def live_sheet(table_form: TableForm) -> ScoreSheet | None:
    """The score sheet of a valid table form (None while it is not)."""
    if not table_form.is_valid():
        return None
    return score_sheet(
        table_form.score(), table_form.state, table_form.catalogue, table_form.corporations
    )


def render_live_result(request: HttpRequest, table_form: TableForm) -> HttpResponse:
    """The htmx live preview: the result panel, the totals bar and every field's sentence.

    Always status 200, valid or not: an invalid table shows its sentences beside the fields.
    """
    context = {"table_form": table_form, "sheet": live_sheet(table_form)}
    return render(request, "scoring/wizard.html#live-oob", context)
