"""Every figure explains itself: the terms each IP figure is made of, and why each tracker box
and award went where it did.

Pure Python, no Django. The engine (`solar175.engine`) computes the figures and stays lean for
the replay, which scores every game of a campaign; this module explains one game on demand, for
the `score` command (`explain` in docs/table-file.md), the live sheet, a game's result page and
the checklist. It follows the engine's arithmetic line for line, and its terms always add up to
the engine's figure (a property test holds it to that).

A term's `why` is a sentence for a person in the rulebook's words: never a key. Corporations
are named through `name`, a function the caller gives (the pages know the campaign's names;
the command uses the keys' capitalised form).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from gamefile.words import _, ngettext
from solar175.engine import (
    BRAVE_NEW_DAWN,
    CATEGORIES,
    CELESTIAL_REBELLION,
    DOUBLED_BY,
    MEGASTRUCTURE_ZONE_BONUS,
    MIN_CREDITS_FOR_BOX,
    MIN_MINING_TOKENS_FOR_BOX,
    MINING_TOKEN_IP,
    UNITED_FEDERALISTS,
    WORKERS_UNION,
    GameScore,
    PlayerTable,
    TableState,
    score_game,
)
from solar175.state import ReplayedGame
from solar175.table import read_table

# The parties as the rulebook names them in a sentence.
PARTY_NAMES = {
    # Translators: the parties' names are the rulebook's; only "the" around them translates.
    UNITED_FEDERALISTS: _("the United Federalists"),
    WORKERS_UNION: _("the Workers Union Party"),
    BRAVE_NEW_DAWN: "Brave New Dawn",
    CELESTIAL_REBELLION: _("the Celestial Rebellion"),
}

Namer = Callable[[str], str]


def default_name(corporation: str) -> str:
    """A corporation's name when the caller knows none: its key, capitalised ("Purple")."""
    return corporation.replace("_", " ").replace("-", " ").capitalize()


@dataclass(frozen=True, slots=True)
class Term:
    """One part of a figure: `ip` and the sentence that says where it comes from."""

    ip: int
    why: str

    def as_dict(self) -> dict[str, int | str]:
        return {"ip": self.ip, "why": self.why}


def _credits_count(count: int) -> str:
    return ngettext("%(count)s credit", "%(count)s credits", count, count=count)


# --- IP categories -----------------------------------------------------------------------


def explain_player(table: TableState, score: GameScore, corporation: str) -> dict[str, list[Term]]:
    """The terms of each IP category of one player (a key for every category, in `CATEGORIES`
    order; an empty list where the figure is 0)."""
    index = next(i for i, p in enumerate(table.players) if p.corporation == corporation)
    player = table.players[index]
    winner = score.election.winner
    worker_values = score.worker_values
    terms: dict[str, list[Term]] = {
        "credits": _credits(player, winner),
        "loans": _loans(player),
        "mining": _mining(player),
        "political_influence": _political_influence(player),
        "bases": _bases(player, worker_values["hensler"]),
        "megastructure": _megastructure(player, worker_values["ufss"]),
        "military": _military(player, worker_values["military"]),
        "presence": _presence(table, score, index),
        "bonus": _bonus(player),
    }
    doubled = DOUBLED_BY[winner]
    before = sum(term.ip for term in terms[doubled])
    if before:
        # The elected party doubles one category (End Game Scoring, the political row).
        doubling = _("doubled: %(party)s are in power", party=PARTY_NAMES[winner])
        terms[doubled].append(Term(before, doubling))
    return {category: terms[category] for category in CATEGORIES}


def explain_game(table: TableState, score: GameScore) -> dict[str, dict[str, list[Term]]]:
    """`explain_player` for every player: corporation -> category -> terms."""
    return {p.corporation: explain_player(table, score, p.corporation) for p in table.players}


def explain_as_dict(table: TableState, score: GameScore) -> dict[str, dict[str, list[dict]]]:
    """`explain_game` as the `score` command prints it (docs/table-file.md `explain`)."""
    return {
        corporation: {
            category: [term.as_dict() for term in terms] for category, terms in categories.items()
        }
        for corporation, categories in explain_game(table, score).items()
    }


def _credits_left(player: PlayerTable) -> int:
    return max(0, player.credits - sum(player.loans))


def _credits(player: PlayerTable, winner: str) -> list[Term]:
    left = _credits_left(player)
    owed = sum(player.loans)
    counted = (
        _(
            "%(credits)s less %(owed)s repaid on loans = %(left)s left",
            credits=_credits_count(player.credits),
            owed=owed,
            left=left,
        )
        if owed
        else ngettext("%(count)s credit left", "%(count)s credits left", left, count=left)
    )
    if winner == CELESTIAL_REBELLION:
        # The Celestial Rebellion in power: credits score 1 IP each (#12).
        ip = left
        why = _("%(counted)s, 1 IP each: the Celestial Rebellion is in power", counted=counted)
    else:
        ip = left // 2
        why = _("%(counted)s: 1 IP per 2 credits, rounded down", counted=counted)
    return [Term(ip, why)] if ip else []


def _loans(player: PlayerTable) -> list[Term]:
    # Yurushi Bank Loans (#15): repay from credits first; each credit short is -1 IP.
    owed = sum(player.loans)
    short = max(0, owed - player.credits)
    if not short:
        return []
    loans = ", ".join(str(value) for value in player.loans)
    return [
        Term(
            -short,
            _(
                "loans of %(loans)s credits (%(owed)s in all) with %(credits)s: "
                "%(short)s short, −1 IP for each credit that cannot be repaid",
                loans=loans,
                owed=owed,
                credits=_credits_count(player.credits),
                short=short,
            ),
        )
    ]


def _mining(player: PlayerTable) -> list[Term]:
    tokens = player.mining_tokens
    if not tokens:
        return []
    return [
        Term(
            MINING_TOKEN_IP * tokens,
            ngettext(
                "%(count)s mining resource token × %(each)s IP",
                "%(count)s mining resource tokens × %(each)s IP",
                tokens,
                count=tokens,
                each=MINING_TOKEN_IP,
            ),
        )
    ]


def _political_influence(player: PlayerTable) -> list[Term]:
    ip = player.political_influence_ip
    return [Term(ip, _("political influence cards, as entered"))] if ip else []


def _bases(player: PlayerTable, hensler: int) -> list[Term]:
    # Each base: Hensler worker value plus the zone number of its location.
    return [
        Term(
            hensler + zone,
            _(
                "base in zone %(zone)s: Hensler worker value %(hensler)s + zone %(zone)s",
                zone=zone,
                hensler=hensler,
            ),
        )
        for zone in player.bases
        if hensler + zone
    ]


def _megastructure(player: PlayerTable, ufss: int) -> list[Term]:
    tokens = player.megastructure_tokens
    if not tokens or not ufss:
        return []
    return [
        Term(
            ufss * tokens,
            ngettext(
                "%(count)s megastructure funding token × UFSS worker value %(ufss)s",
                "%(count)s megastructure funding tokens × UFSS worker value %(ufss)s",
                tokens,
                count=tokens,
                ufss=ufss,
            ),
        )
    ]


def _military(player: PlayerTable, military: int) -> list[Term]:
    tokens = player.military_tokens
    each = military // 2
    if not tokens or not each:
        return []
    return [
        Term(
            each * tokens,
            ngettext(
                "%(count)s military token × %(each)s "
                "(half the Military HUB's worker value %(military)s, rounded down)",
                "%(count)s military tokens × %(each)s "
                "(half the Military HUB's worker value %(military)s, rounded down)",
                tokens,
                count=tokens,
                each=each,
                military=military,
            ),
        )
    ]


def _presence(table: TableState, score: GameScore, index: int) -> list[Term]:
    """Each zone in play that scores for this player: first (shared or not), second, the +5."""
    rules = table.rules
    terms: list[Term] = []
    presences = [p.presence for p in score.players]
    zone_values = score.worker_values["zones"]
    for zone in rules.zones_in_play:
        values = [p.get(zone, 0) for p in presences]
        mine = values[index]
        best = max(values)
        if best <= 0 or mine <= 0:
            continue
        worth = zone_values.get(zone, 0)
        first = [i for i, v in enumerate(values) if v == best]
        if mine == best:
            if worth:
                most = _(
                    "zone %(zone)s: most presence (%(mine)s): the Zone HUB's worker value "
                    "%(worth)s",
                    zone=zone,
                    mine=mine,
                    worth=worth,
                )
                if len(first) > 1:
                    most = _(
                        "zone %(zone)s: most presence (%(mine)s): the Zone HUB's worker value "
                        "%(worth)s (shared: all tied players score it in full)",
                        zone=zone,
                        mine=mine,
                        worth=worth,
                    )
                terms.append(Term(worth, most))
            if zone == table.megastructure_zone:
                terms.append(
                    Term(
                        MEGASTRUCTURE_ZONE_BONUS,
                        _(
                            "zone %(zone)s: most presence where the megastructure is being built",
                            zone=zone,
                        ),
                    )
                )
            continue
        # Second place only with 3+ players and a single first place (End Game Scoring).
        if len(values) >= 3 and len(first) == 1:
            second = max((v for v in values if v < best), default=0)
            if mine == second:
                # Printed contradiction (RULES-NOTES §1): a house rule picks the rounding.
                up = rules.house.second_place_rounds_up
                half = rules.house.half_for_second_place(worth)
                if half:
                    said = (
                        _(
                            "zone %(zone)s: second most presence (%(mine)s): half the Zone "
                            "HUB's worker value %(worth)s, rounded up",
                            zone=zone,
                            mine=mine,
                            worth=worth,
                        )
                        if up
                        else _(
                            "zone %(zone)s: second most presence (%(mine)s): half the Zone "
                            "HUB's worker value %(worth)s, rounded down",
                            zone=zone,
                            mine=mine,
                            worth=worth,
                        )
                    )
                    terms.append(Term(half, said))
    return terms


def _bonus(player: PlayerTable) -> list[Term]:
    ip = player.bonus_ip
    return [Term(ip, _("end-game IP from the player power, as entered"))] if ip else []


# --- presence in a zone ------------------------------------------------------------------


def presence_terms(player: PlayerTable, zone: int) -> list[Term]:
    """What one player's presence in a zone is made of (Presence: outposts 1, bases 2, ships
    their card's value); `ip` here counts presence, not IP."""
    terms: list[Term] = []
    outposts = player.outposts.get(zone, 0)
    if outposts:
        terms.append(
            Term(
                outposts,
                ngettext(
                    "%(count)s outpost × 1", "%(count)s outposts × 1", outposts, count=outposts
                ),
            )
        )
    bases = player.bases.count(zone)
    if bases:
        terms.append(
            Term(
                2 * bases, ngettext("%(count)s base × 2", "%(count)s bases × 2", bases, count=bases)
            )
        )
    for ship in player.ships:
        if ship.zone == zone and ship.presence:
            said = _("a ship with presence %(presence)s", presence=ship.presence)
            terms.append(Term(ship.presence, said))
    return terms


# --- tracker boxes -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TrackerReason:
    """Why a tracker section's box went to whom this game: the measure, the best value, and
    the corporations that crossed (several on a tie; none when nobody reached the minimum)."""

    section: str
    measure: str
    best: int
    corporations: tuple[str, ...]
    minimum: int

    def sentence(self, name: Namer = default_name) -> str:
        """ "Purple: most mining tokens left: 3, tied with Teal." or why nobody crossed."""
        if not self.corporations:
            if self.section == "influence":
                return _("The game's winner crosses a box.")
            if self.minimum > 1:
                return _(
                    "Nobody crosses a box: the most %(measure)s was %(best)s, and it takes at "
                    "least %(minimum)s.",
                    measure=self.measure,
                    best=self.best,
                    minimum=self.minimum,
                )
            return _(
                "Nobody crosses a box: the most %(measure)s was %(best)s.",
                measure=self.measure,
                best=self.best,
            )
        first, *others = self.corporations
        if self.section == "influence":
            return _("%(corporation)s: won the game.", corporation=name(first))
        if others:
            names = [name(c) for c in self.corporations]
            return _(
                "%(corporations)s: most %(measure)s: %(best)s, tied (all tied players cross a "
                "box).",
                corporations=_join(names),
                measure=self.measure,
                best=self.best,
            )
        return _(
            "%(corporation)s: most %(measure)s: %(best)s.",
            corporation=name(first),
            measure=self.measure,
            best=self.best,
        )


def _join(names: list[str]) -> str:
    if len(names) == 1:
        return names[0]
    return _("%(names)s and %(last)s", names=", ".join(names[:-1]), last=names[-1])


def tracker_reasons(table: TableState, score: GameScore) -> dict[str, TrackerReason]:
    """Campaign Scoring after the game: for each tracker section in play, who crossed and why
    (the same leaders as `GameScore.tracker`)."""
    reasons: dict[str, TrackerReason] = {}
    players = score.players
    for zone in table.rules.zones_in_play:
        section = f"presence_{zone}"
        reasons[section] = TrackerReason(
            section,
            _("presence in zone %(zone)s", zone=zone),
            max(p.presence.get(zone, 0) for p in players),
            tuple(score.tracker.get(section, ())),
            1,
        )
    measures = {
        "megastructure": _("megastructure funding IP"),
        "bases": _("base building IP"),
        "military": _("military IP (UFSS Peacekeeping Force)"),
    }
    for section, measure in measures.items():
        reasons[section] = TrackerReason(
            section,
            measure,
            max(p.ip[section] for p in players),
            tuple(score.tracker.get(section, ())),
            1,
        )
    reasons["mining"] = TrackerReason(
        "mining",
        _("mining resource tokens left"),
        max(p.mining_tokens for p in table.players),
        tuple(score.tracker.get("mining", ())),
        MIN_MINING_TOKENS_FOR_BOX,
    )
    reasons["credits"] = TrackerReason(
        "credits",
        _("credits left after repaying loans"),
        max(p.credits_left for p in players),
        tuple(score.tracker.get("credits", ())),
        MIN_CREDITS_FOR_BOX,
    )
    winner = score.player(score.winner)
    reasons["influence"] = TrackerReason(
        "influence", "IP", winner.total, tuple(score.tracker.get("influence", ())), 0
    )
    return reasons


# --- awards ------------------------------------------------------------------------------


def award_sentence(
    award: Mapping,
    awards: list[Mapping],
    scores_by_game: Mapping[int, Mapping],
    name: Namer = default_name,
    award_name: Callable[[str, str], str] | None = None,
    completed: Mapping[str, list[str]] | None = None,
) -> str:
    """Why an award (an entry of the replay's `awards`) went to its corporation.

    Gold goes to the first to complete a section, silver to the second, nothing after; two
    completing in one game: most IP in that game first, then the end-game tie-breakers (most
    presence in zone 1, then the order of play). `scores_by_game` maps a game number to its
    `score` (the engine's output as a dict). `completed` is the game's `sections_completed`
    (corporation -> sections): with it, a corporation that completed the section in the same
    game and won nothing is named too; without it, the awards of that game are the rivals.

    Each clause follows from the facts it names: a corporation is never its own rival (the
    award may be a copy of the entry in `awards`), "the first to do so" only when nobody else
    completed the section before or in the same game, and "as many IP" only on equal totals.
    """
    section, tier, game = award["section"], award["tier"], award.get("game", 0)
    corporation = award["corporation"]
    holder = name(corporation)
    label = award_name(section, tier) if award_name else tier
    if not game:
        return _(
            "%(holder)s held %(award)s when the campaign was opened in the app.",
            holder=holder,
            award=label,
        )
    same_section = [a for a in awards if a["section"] == section]
    earlier = [a for a in same_section if a.get("game", 0) < game]
    if completed is not None:
        rivals = [c for c, done in completed.items() if section in done and c != corporation]
    else:
        rivals = [
            a["corporation"]
            for a in same_section
            if a.get("game", 0) == game and a["corporation"] != corporation
        ]
    # Each clause is a sentence of its own around what came before (`%(text)s`).
    text = _("%(holder)s completed the section in game %(game)s", holder=holder, game=game)
    if tier == "gold" and not earlier and not rivals:
        text = _("%(text)s, the first to do so", text=text)
    elif earlier:
        gold = earlier[0]
        gold_game = gold.get("game", 0)
        when = (
            _("in game %(game)s", game=gold_game)
            if gold_game
            else _("before the campaign was opened in the app")
        )
        text = _(
            "%(text)s; %(corporation)s had completed it first (%(when)s)",
            text=text,
            corporation=name(gold["corporation"]),
            when=when,
        )
    players = scores_by_game.get(game, {}).get("players", [])
    for rival in rivals:
        text = _(
            "%(text)s; %(corporation)s completed it in the same game too%(clause)s",
            text=text,
            corporation=name(rival),
            clause=_same_game_clause(players, corporation, rival, name),
        )
    return _("%(text)s.", text=text)


def _same_game_clause(players: list[Mapping], mine_key: str, theirs_key: str, name: Namer) -> str:
    """What decided between two corporations completing a section in one game ("" when the
    game's score is not known): most IP; then most presence in zone 1; then the order of play
    (the engine's ranks, `solar175.engine.score_game`). `players` is in the order of play."""
    order = [p.get("corporation") for p in players]
    if mine_key not in order or theirs_key not in order:
        return ""
    mine, theirs = players[order.index(mine_key)], players[order.index(theirs_key)]
    me, them = name(mine_key), name(theirs_key)
    if mine.get("total") != theirs.get("total"):
        return _(
            ", and most IP in that game takes the higher award (%(me)s %(mine)s, "
            "%(them)s %(theirs)s)",
            me=me,
            mine=mine.get("total"),
            them=them,
            theirs=theirs.get("total"),
        )
    total = mine.get("total")
    my_zone_1 = (mine.get("presence") or {}).get("1", 0)
    their_zone_1 = (theirs.get("presence") or {}).get("1", 0)
    if my_zone_1 != their_zone_1:
        return _(
            ", with as many IP (%(total)s), and the first end-game tie-breaker decides: most "
            "presence in zone 1 (%(me)s %(mine)s, %(them)s %(theirs)s)",
            total=total,
            me=me,
            mine=my_zone_1,
            them=them,
            theirs=their_zone_1,
        )
    first = me if order.index(mine_key) < order.index(theirs_key) else them
    return _(
        ", with as many IP (%(total)s) and as much presence in zone 1 (%(zone_1)s), and the "
        "second end-game tie-breaker decides: %(first)s is closer to receiving the first player "
        "marker (earlier in the order of play)",
        total=total,
        zone_1=my_zone_1,
        first=first,
    )


def score_with_explanations(table: TableState) -> dict:
    """The `score` command's output (docs/table-file.md): the engine's score with each player's
    `explain`, the terms of every IP category."""
    score = score_game(table)
    result = score.as_dict()
    explained = explain_as_dict(table, score)
    for player in result["players"]:
        player["explain"] = explained[player["corporation"]]
    return result


def table_as_scored(table: Mapping, entry: ReplayedGame) -> TableState:
    """A campaign game's table as the replay scored it: the stored table (without the keys the
    campaign derives) with the rules, incumbent and megastructure zone of its replay entry
    (docs/campaign-file.md `games[]`)."""
    full = {
        **table,
        "rules": entry.rules.to_dict(),
        "incumbent_party": entry.incumbent_party,
        "megastructure_zone": entry.megastructure_zone,
    }
    return read_table(full).valid_state()
