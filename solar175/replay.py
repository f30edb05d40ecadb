"""The campaign replay: the game log in, the whole campaign state out (DESIGN.md "The one idea").

Pure Python, no Django. `replay(campaign, catalogue)` takes a campaign file's dict (docs/commands.md
§2) and the reference catalogue as plain data, scores every game with `solar175.engine`, crosses
the tracker boxes, hands out the awards, counts the elections, checks the Campaign Events after
each game and derives the next game's setup. It returns a `solar175.state.CampaignState`, whose
`to_dict()` is the `replay` command's JSON: the keys docs/campaign-file.md prints, plus the
extras listed in `docs/replay.md`. What it refuses in a game is `solar175.replay_checks`'.

Rule readings where the rulebook is silent are in `docs/replay.md`; comments name the rulebook
passage a line implements.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from gamefile.words import _
from solar175.campaign_file import (
    POWERS,
    CampaignError,
    CampaignFile,
    GameEntry,
    Power,
    parse_campaign,
    table_error,
)
from solar175.catalogue import GOLD, INFLUENCE, INFLUENCE_TALLY, SILVER, TIERS, Catalogue
from solar175.engine import (
    CELESTIAL_REBELLION,
    PARTIES,
    UNITED_FEDERALISTS,
    GameScore,
    Rules,
    score_game,
)
from solar175.game_entry import first_player, powers_in_play
from solar175.opening import City
from solar175.replay_checks import (
    check_components,
    check_table_agrees,
    megastructure_zone,
    with_power_bonus,
)
from solar175.replay_checks import debt_points as debt_points_of
from solar175.replay_warnings import (
    ai_debt_warnings,
    city_warnings,
    debt_warnings,
    megastructure_warnings,
    zone_warnings,
)
from solar175.sections import (
    Switch,
    envelopes_opened,
    sections,
    switches_on,
    zones_in_play,
)
from solar175.state import (
    AwardHeld,
    CampaignPoints,
    CampaignState,
    DebtPaid,
    ElectionHeld,
    GameResult,
    GameRules,
    LockedSection,
    MegastructureBuilt,
    NextGame,
    PoliticalCards,
    ReplayedGame,
    ReplayWarning,
    ScoreElection,
    SectionUnlocked,
    Standing,
    UnlockedNow,
)
from solar175.table import TableError, read_table
from solar175.triggers import AwardWon, CampaignProgress, ElectionResult, fired, progress, reason

__all__ = ["POWERS", "CampaignError", "CampaignState", "replay"]

FIXED_MEGASTRUCTURE_GAMES = 4  # "In the first 4 games this is chosen for you."
TYPE_I, TYPE_II, TYPE_III, TYPE_IV, TYPE_V, TYPE_VI = 1, 2, 3, 4, 5, 6
CAMPAIGN_END_TYPE = TYPE_VI  # "The end of the campaign is triggered after ... Type VI"

# Setup (page 5) and #16 Wage Squeeze: starting credits; #7 power: +3.
STARTING_CREDITS = 1
WAGE_SQUEEZE_CREDITS = 2
EXTRA_CREDITS_POWER = Power.EXTRA_CREDITS
EXTRA_CREDITS = 3
BOTH_CARDS_POWER = Power.BOTH_POLITICAL_CARDS
POLITICAL_CARDS_DEALT = 2
# Setting Up the Solar System: "a Mining Resource Token (or two if playing with 3+ players)".
MINING_TOKENS_FEW_PLAYERS = 1
MINING_TOKENS_MANY_PLAYERS = 2
MANY_PLAYERS = 3

# Sections whose number the replay reads directly (the rest act through `switches`).
SECTION_TYPE_II_CHOICE = 9
SECTION_HIGHER_TYPES = 11
SECTION_WAGE_SQUEEZE = 16
SECTION_POWERS = 7


# --- the replay --------------------------------------------------------------------------


def replay(campaign: Mapping[str, Any], catalogue: Catalogue) -> CampaignState:
    """The derived campaign state of a campaign file; its `to_dict()` is the `replay` command's
    output (docs/campaign-file.md, docs/replay.md).

    `catalogue` is the reference; the file's own `box` (solar175.box) is applied to it, so
    every megastructure, location and ship card is this campaign's. Raises
    `CampaignError(path, message)` on bad input, including a game's table that contradicts the
    rules or incumbent the earlier games derive. Nothing in the box can make an earlier game
    contradict it: a zone a game states is that game's fact, and a zone the box gives follows
    the box.
    """
    parsed = parse_campaign(campaign, catalogue, check_tables=False)
    assert parsed.catalogue is not None
    return _Replay(parsed, parsed.catalogue).run()


class _Replay:
    """One pass over the log; linear in the number of games."""

    def __init__(self, campaign: CampaignFile, catalogue: Catalogue) -> None:
        self.campaign = campaign
        self.catalogue = catalogue
        self.corporations = tuple(c.key for c in campaign.corporations)
        self.corporation_names = {c.key: c.name for c in campaign.corporations}
        self.section_keys = tuple(catalogue.section_boxes)
        self.ship_cards = catalogue.ship_presences()
        self.tracker: dict[str, dict[str, int]] = {
            corp: dict.fromkeys(self.section_keys, 0) for corp in self.corporations
        }
        self.tally: dict[str, int] = dict.fromkeys(self.corporations, 0)
        self.awards: list[AwardWon] = []
        self.award_holder: dict[tuple[str, str], str] = {}
        self.debt: dict[str, int] = dict.fromkeys(self.corporations, 0)
        self.elections: list[ElectionResult] = []
        self.election_wins: dict[str, int] = dict.fromkeys(PARTIES, 0)
        self.overthrows = 0
        self.built: list[tuple[int, str]] = []
        self.cities: list[City] = []
        self.unlocked: dict[int, int] = {}
        self.unlock_reasons: dict[int, str] = {}
        self.neds_games: list[int] = []
        self.census_games: list[int] = []
        self.repairs_games: list[int] = []
        self.incumbent = (
            UNITED_FEDERALISTS  # "onto the United Federalists if it is your first game"
        )
        self.last_winner: str | None = None
        # Red boxes each corporation checked in each debt row, by marks that name their row.
        self.debt_checked: dict[tuple[str, int], int] = {}
        # Players at the last game's table (0 before the first game).
        self.last_players = 0
        # Games each corporation played in the log (an opening snapshot does not say).
        self.games_by_corporation: dict[str, int] = dict.fromkeys(self.corporations, 0)
        self.games_played = 0
        self.ended_after: int | None = None
        self.games_out: list[ReplayedGame] = []
        self.warnings: list[ReplayWarning] = []
        self.manual_by_game: dict[int, list[int]] = {}
        for unlock in campaign.manual_unlocks:
            self.manual_by_game.setdefault(unlock.after_game, []).append(unlock.section)

    # --- seeding from the opening snapshot

    def seed(self) -> None:
        opening = self.campaign.opening
        if opening is None:
            self.apply_manual(0, recheck=False)
            return
        self.seed_opening()
        # Manual unlocks up to the opening's game: those not in its list apply now.
        for game in sorted(g for g in self.manual_by_game if g <= opening.after_game):
            self.apply_manual(game, recheck=False)

    def seed_opening(self) -> None:
        opening = self.campaign.opening
        assert opening is not None
        self.games_played = opening.after_game
        for corp, boxes in opening.tracker.items():
            for key, count in boxes.items():
                if key == INFLUENCE_TALLY:
                    self.tally[corp] = count
                else:
                    self.tracker[corp][key] = count
        for award in opening.awards:
            self.awards.append(award)
            self.award_holder[award.section, award.tier] = award.corporation
        self.elections.extend(opening.elections)
        self.election_wins.update(opening.election_wins)
        self.overthrows = opening.overthrows
        self.built.extend(opening.megastructures_built)
        self.cities.extend(opening.cities)
        self.incumbent = opening.incumbent_party
        self.last_winner = opening.last_winner
        self.last_players = opening.last_players
        for corp, points in opening.debt.items():
            self.debt[corp] += points
        for number in opening.unlocked_sections:
            # docs/campaign-file.md: sections of the opening snapshot unlocked "after game 0".
            self.unlocked[number] = 0
            self.unlock_reasons[number] = _("unlocked before the campaign came into the app")
        for _game, key in self.built:
            if self.catalogue.type_of(key) == CAMPAIGN_END_TYPE:
                self.ended_after = opening.after_game

    # --- rules in force

    def switches(self) -> frozenset[Switch]:
        return switches_on(self.unlocked)

    def rules(self, switches: frozenset[Switch]) -> Rules:
        return Rules(
            zones_in_play=zones_in_play(switches),
            celestial_rebellion=Switch.CELESTIAL_REBELLION in switches,
            trade_unions=Switch.TRADE_UNIONS in switches,
            house=self.campaign.house,
        )

    def megastructure_options(self, number: int) -> list[str]:
        """What the group may build in game `number` (docs/replay.md, "Megastructures")."""
        catalogue = self.catalogue
        if number <= FIXED_MEGASTRUCTURE_GAMES:
            # Type I and II Megastructures: games 1-4 are fixed.
            return [
                m.key
                for m in catalogue.megastructures.values()
                if m.fixed_game == number and m.type == TYPE_I
            ]
        if SECTION_TYPE_II_CHOICE not in self.unlocked:
            return []
        built = {key for _, key in self.built}
        # #9: "You must complete all Type II Megastructures before moving on to the higher
        # type megastructures"; #11: Type III once all Type II, Type IV once all Type III.
        for type_ in (TYPE_II, TYPE_III, TYPE_IV):
            if type_ > TYPE_II and SECTION_HIGHER_TYPES not in self.unlocked:
                return []
            remaining = [k for k in catalogue.keys_of_type(type_) if k not in built]
            if remaining:
                return remaining
        # #11: "The triggers allowing you to build type V and VI megastructures are different"
        # (pages 50-51, not transcribed): Type V after Type IV, Type VI after a Type V.
        options = [k for k in catalogue.keys_of_type(TYPE_V) if k not in built]
        if any(catalogue.type_of(k) == TYPE_V for k in built):
            options += [k for k in catalogue.keys_of_type(TYPE_VI) if k not in built]
        return options

    def megastructure_chooser(self, number: int, options: list[str]) -> str | None:
        # #9: "chosen by the player who won the last game (or randomly)": at random, a house
        # rule, nobody chooses.
        if number <= FIXED_MEGASTRUCTURE_GAMES or not options:
            return None
        if self.campaign.house.megastructure_drawn_at_random:
            return None
        return self.last_winner

    # --- one game

    def play(self, game: GameEntry) -> None:
        n = game.number
        path = f"games[{game.index}]"
        if self.ended_after is not None:
            raise CampaignError(
                f"{path}.number",
                _(
                    "the campaign ended after game %(ended_after)s, when a Type "
                    "VI megastructure was built; no game can follow",
                    ended_after=self.ended_after,
                ),
            )
        switches = self.switches()
        rules = self.rules(switches)
        # The megastructure's location fixes the +5 presence zone; the game's own zone wins.
        check_table_agrees(game, rules, self.incumbent, self.unlocked)
        zone, stated = megastructure_zone(game, rules, self.catalogue)
        options = self.megastructure_options(n)
        chooser = self.megastructure_chooser(n, options)
        try:
            table = read_table(
                game.table,
                campaign=True,
                rules=rules,
                megastructure_zone=zone,
                incumbent_party=self.incumbent,
                ships=self.ship_cards,
            ).valid_state()
        except TableError as error:
            raise table_error(path, error) from None
        check_components(game, table, switches, self.campaign.powers)
        table, bonus_warnings = with_power_bonus(game, table, switches, self.campaign.powers)
        incumbent = self.incumbent
        score = score_game(table)

        crossed, tallied, completed = self.cross_boxes(score)
        won = self.hand_out_awards(score, completed, n)
        debt_points = debt_points_of(game, self.catalogue.debt_boxes, self.debt_checked)
        for mark, points in zip(game.debt_marks, debt_points, strict=True):
            self.debt[mark.corporation] += points

        election = score.election
        self.elections.append(ElectionResult(n, election.winner, election.overthrown))
        self.election_wins[election.winner] += 1
        self.overthrows += election.overthrown
        self.incumbent = election.winner

        warnings = megastructure_warnings(game, options, self.built)
        warnings += zone_warnings(game, zone, stated, rules, self.catalogue)
        warnings += debt_warnings(game, self.catalogue)
        warnings += ai_debt_warnings(
            game, {c.key: c.name for c in self.campaign.corporations if c.ai}
        )
        warnings += bonus_warnings
        if game.megastructure is not None:
            self.built.append((n, game.megastructure))
            if self.catalogue.type_of(game.megastructure) == CAMPAIGN_END_TYPE:
                self.ended_after = n
        city = None
        if game.named_city is not None:
            # "The winner of each game can choose one base location card ... and name one of
            # the cities" (Developing the Solar System).
            # An edit that changed the winner asked the group: a name kept through it keeps
            # the corporation that wrote it (`named_by`, docs/replay.md).
            namer = game.city_named_by or score.winner
            city = City(n, game.named_city[0], game.named_city[1], namer)
            self.cities.append(city)
            warnings += city_warnings(game, city, self.cities, self.catalogue)
        if game.neds_sold_out:
            self.neds_games.append(n)
        if game.census_completed:
            self.census_games.append(n)
        if game.megastructure_repairs_completed:
            self.repairs_games.append(n)
        self.last_winner = score.winner
        self.last_players = len(table.players)
        for player in table.players:
            self.games_by_corporation[player.corporation] += 1
        self.games_played = n

        unlocked_now = self.check_events(n)
        unlocked_now += self.apply_manual(n)
        self.warnings.extend(warnings)
        self.games_out.append(
            ReplayedGame(
                number=n,
                played_on=game.played_on,
                megastructure=game.megastructure,
                megastructure_zone=zone,
                # Extra (docs/replay.md): stated by the game, or its location's in the box.
                megastructure_zone_stated=stated,
                megastructure_options=tuple(options),
                megastructure_chooser=chooser,
                rules=GameRules(
                    rules.zones_in_play,
                    rules.celestial_rebellion,
                    rules.trade_unions,
                    rules.house.to_table_rules(),
                ),
                incumbent_party=incumbent,
                score=GameResult.from_dict(score.as_dict()),
                winner=score.winner,
                election=ScoreElection(election.winner, election.overthrown),
                boxes_crossed=crossed,
                influence_tally=tuple(tallied),
                sections_completed=_by_corporation(completed),
                awards=tuple(self.award_held(a) for a in won),
                debt_marks=tuple(
                    DebtPaid(m.corporation, points, m.row)
                    for m, points in zip(game.debt_marks, debt_points, strict=True)
                ),
                city=city,
                unlocked_sections=tuple(
                    UnlockedNow(s, self.unlock_reasons[s]) for s in unlocked_now
                ),
                points_after=self.points(),
                warnings=tuple(w.message for w in warnings),
            )
        )

    def cross_boxes(
        self, score: GameScore
    ) -> tuple[dict[str, tuple[str, ...]], list[str], list[tuple[str, str]]]:
        """Campaign Scoring: the best in each area crosses one box; the last box completes it."""
        crossed: dict[str, list[str]] = {}
        tallied: list[str] = []
        completed: list[tuple[str, str]] = []
        for section in self.section_keys:
            corporations = score.tracker.get(section)
            if not corporations:
                continue
            size = self.catalogue.section_boxes[section]
            for corp in corporations:
                boxes = self.tracker[corp]
                if boxes[section] < size:
                    boxes[section] += 1
                    crossed.setdefault(corp, []).append(section)
                    if boxes[section] == size:
                        completed.append((section, corp))
                elif section == INFLUENCE:
                    # Highest Influence: "If this section ever becomes full, then add a tally".
                    self.tally[corp] += 1
                    tallied.append(corp)
        return {c: tuple(keys) for c, keys in crossed.items()}, tallied, completed

    def hand_out_awards(
        self, score: GameScore, completed: list[tuple[str, str]], game: int
    ) -> list[AwardWon]:
        """Gold to the first to complete a section, silver to the second, nothing after.

        "If an award is won at the same time by two players, the player who received the most
        influence points in that game takes the award. If there is still a tie use the normal
        end game tie brakers": exactly the engine's rank order.
        """
        rank = {p.corporation: p.rank for p in score.players}
        by_section: dict[str, list[str]] = {}
        for section, corp in completed:
            by_section.setdefault(section, []).append(corp)
        won: list[AwardWon] = []
        for section, corporations in by_section.items():
            for corp in sorted(corporations, key=rank.__getitem__):
                for tier in TIERS:
                    key = (section, tier)
                    if key in self.award_holder or key not in self.catalogue.awards:
                        continue
                    award = AwardWon(section=section, tier=tier, corporation=corp, game=game)
                    self.award_holder[key] = corp
                    self.awards.append(award)
                    won.append(award)
                    break
        return won

    # --- Campaign Events

    def snapshot(self) -> CampaignProgress:
        unlocked = frozenset(self.unlocked)
        return CampaignProgress(
            catalogue=self.catalogue,
            games_played=self.games_played,
            election_wins=dict(self.election_wins),
            overthrows=self.overthrows,
            elections=tuple(self.elections),
            megastructures_built=tuple(self.built),
            awards=tuple(self.awards),
            tracker={corp: dict(boxes) for corp, boxes in self.tracker.items()},
            neds_sold_out_games=tuple(self.neds_games),
            census_games=tuple(self.census_games),
            repairs_games=tuple(self.repairs_games),
            unlocked=unlocked,
            envelopes=envelopes_opened(unlocked),
            corporation_names=self.corporation_names,
        )

    def check_events(self, game: int) -> list[int]:
        """Campaign Events: check every trigger after the game, in section-number order.

        A pass repeats while it unlocks something, so a trigger that reads other unlocks
        (#26's envelope 7, #31's "all sections") sees those of the same game.
        """
        unlocked_now: list[int] = []
        snapshot = self.snapshot()
        while True:
            fresh = [
                s
                for s in sections()
                if s.number not in self.unlocked and fired(s.trigger, snapshot)
            ]
            if not fresh:
                return unlocked_now
            for section in fresh:
                self.unlocked[section.number] = game
                self.unlock_reasons[section.number] = reason(section.trigger, snapshot, game)
                unlocked_now.append(section.number)
            unlocked = frozenset(self.unlocked)
            snapshot = replace(snapshot, unlocked=unlocked, envelopes=envelopes_opened(unlocked))

    def apply_manual(self, game: int, *, recheck: bool = True) -> list[int]:
        """The group's own unlocks (#19 "whenever you feel ready", a section read early)."""
        applied = []
        for number in self.manual_by_game.get(game, ()):
            if number in self.unlocked:
                continue
            self.unlocked[number] = game
            self.unlock_reasons[number] = (
                _("the group chose to unlock it after game %(game)s", game=game)
                if game
                else _("the group chose to unlock it before the first game")
            )
            applied.append(number)
        if applied and recheck:
            # An unlock by hand may complete another trigger (#31, #26's envelope).
            applied += self.check_events(game)
        return applied

    # --- results

    def award_held(self, award: AwardWon) -> AwardHeld:
        points = self.catalogue.awards[award.section, award.tier].points
        return AwardHeld(award.section, award.tier, award.corporation, award.game, points)

    def award_points(self) -> dict[str, int]:
        points = dict.fromkeys(self.corporations, 0)
        for award in self.awards:
            entry = self.catalogue.awards.get((award.section, award.tier))
            points[award.corporation] += entry.points if entry else 0
        return points

    def points(self) -> dict[str, int]:
        """Campaign points: award points minus Bank of Yurushi debt (#8)."""
        awards = self.award_points()
        return {corp: awards[corp] - self.debt[corp] for corp in self.corporations}

    def campaign_points(self) -> dict[str, CampaignPoints]:
        awards = self.award_points()
        detail = {}
        for corp in self.corporations:
            held = [a for a in self.awards if a.corporation == corp]
            detail[corp] = CampaignPoints(
                award_points=awards[corp],
                debt=self.debt[corp],
                points=awards[corp] - self.debt[corp],
                gold=sum(a.tier == GOLD for a in held),
                silver=sum(a.tier == SILVER for a in held),
                awards=len(held),
            )
        return detail

    def standings(self, detail: dict[str, CampaignPoints]) -> tuple[Standing, ...]:
        order = {corp: i for i, corp in enumerate(self.corporations)}
        ranked = sorted(
            self.corporations,
            key=lambda c: (-detail[c].points, -detail[c].gold, -detail[c].awards, order[c]),
        )
        # Ties on points share a rank (1, 1, 3).
        return tuple(
            Standing(
                corporation=corp,
                points=detail[corp].points,
                rank=1 + sum(detail[o].points > detail[corp].points for o in ranked),
            )
            for corp in ranked
        )

    def campaign_winners(self, detail: dict[str, CampaignPoints]) -> list[str]:
        """Most campaign points; ties: more gold awards, then more awards, unless the group
        shares them (docs/replay.md)."""

        def key(corp: str) -> tuple[int, ...]:
            d = detail[corp]
            # A house rule (solar175.house_rules): the group may share a tie instead.
            return self.campaign.house.campaign_tie_key(d.points, d.gold, d.awards)

        best = max(key(c) for c in self.corporations)
        return [c for c in self.corporations if key(c) == best]

    def next_game(self) -> NextGame:
        number = self.games_played + 1
        switches = self.switches()
        rules = self.rules(switches)
        over = self.ended_after is not None
        options = [] if over else self.megastructure_options(number)
        base_credits = WAGE_SQUEEZE_CREDITS if Switch.WAGE_SQUEEZE in switches else STARTING_CREDITS
        powers = dict(self.campaign.powers) if powers_in_play(switches) else {}
        trade_row = [
            "hensler",
            "rio_astro",
            "bank_of_yurushi_loans" if Switch.LOANS in switches else "bank_of_yurushi",
        ]
        trade_row += [
            s for s in (Switch.NEDS, Switch.WHITE_STAR, Switch.WOTHERBYS) if s in switches
        ]
        political_row = ["workers_union", "united_federalists", "brave_new_dawn"]
        if rules.celestial_rebellion:
            political_row.append(CELESTIAL_REBELLION)
        # Setting Up the Solar System counts the players at the table (AI players included):
        # the last game's, the group most likely to sit down again; the corporations before the
        # first game (docs/replay.md).
        players = self.last_players or len(self.corporations)
        cards = None
        if Switch.POLITICAL_INFLUENCE in switches:
            # #6: dealt 2, keep 1; the power "keep and use both".
            cards = PoliticalCards(
                dealt=POLITICAL_CARDS_DEALT,
                kept={
                    corp: POLITICAL_CARDS_DEALT if powers.get(corp) == BOTH_CARDS_POWER else 1
                    for corp in self.corporations
                },
            )
        return NextGame(
            number=number,
            zones_in_play=rules.zones_in_play,
            incumbent_party=self.incumbent,
            starting_credits=base_credits,
            celestial_rebellion=rules.celestial_rebellion,
            trade_unions=rules.trade_unions,
            megastructure_options=tuple(options),
            megastructure_chooser=self.megastructure_chooser(number, options),
            # Extras for the setup sheet (docs/replay.md).
            first_player=first_player(self.last_winner),
            house=rules.house.to_table_rules(),
            switches=tuple(sorted(switches)),
            starting_credits_by_corporation={
                corp: base_credits
                + (EXTRA_CREDITS if powers.get(corp) == EXTRA_CREDITS_POWER else 0)
                for corp in self.corporations
            },
            player_powers=powers,
            trade_row=tuple(trade_row),
            political_row=tuple(political_row),
            hub_bonus_tokens=Switch.HUB_BONUS_TOKENS in switches,
            political_influence_cards=cards,
            employment_side="B" if rules.trade_unions else "A",
            players=players,
            mining_tokens_per_location=(
                MINING_TOKENS_MANY_PLAYERS if players >= MANY_PLAYERS else MINING_TOKENS_FEW_PLAYERS
            ),
            mining_tokens_by_players={
                str(n): MINING_TOKENS_MANY_PLAYERS
                if n >= MANY_PLAYERS
                else MINING_TOKENS_FEW_PLAYERS
                for n in range(2, 6)
            },
        )

    def locked_progress(self) -> tuple[LockedSection, ...]:
        """ "What unlocks next": number, printed trigger and progress; never a title."""
        snapshot = self.snapshot()
        out = []
        for section in sections():
            if section.number in self.unlocked:
                continue
            current, target, words = progress(section.trigger, snapshot)
            kind = section.trigger["kind"]
            out.append(
                LockedSection(section.number, section.trigger_text, kind, current, target, words)
            )
        return tuple(out)

    def run(self) -> CampaignState:
        self.seed()
        for game in self.campaign.games:
            self.play(game)
        detail = self.campaign_points()
        over = self.ended_after is not None
        winners = self.campaign_winners(detail) if over else []
        tracker = {}
        for corp in self.corporations:
            tracker[corp] = {**self.tracker[corp], INFLUENCE_TALLY: self.tally[corp]}
        unlocked = sorted(self.unlocked.items(), key=lambda kv: (kv[1], kv[0]))
        return CampaignState(
            games_played=self.games_played,
            tracker=tracker,
            awards=tuple(self.award_held(a) for a in self.awards),
            debt=dict(self.debt),
            standings=self.standings(detail),
            elections=tuple(ElectionHeld(e.game, e.winner, e.overthrown) for e in self.elections),
            election_wins=dict(self.election_wins),
            unlocked_sections=tuple(SectionUnlocked(n, g) for n, g in unlocked),
            megastructures_built=tuple(MegastructureBuilt(g, k) for g, k in self.built),
            cities=tuple(self.cities),
            next_game=self.next_game(),
            campaign_over=over,
            winner=winners[0] if len(winners) == 1 else None,
            # Extras (docs/replay.md).
            shared_winners=tuple(winners) if len(winners) > 1 else (),
            overthrows=self.overthrows,
            campaign_points=detail,
            games_by_corporation=dict(self.games_by_corporation),
            unlock_reasons={str(n): self.unlock_reasons[n] for n in sorted(self.unlocked)},
            progress=self.locked_progress(),
            games=tuple(self.games_out),
            warnings=tuple(self.warnings),
        )


def _by_corporation(pairs: list[tuple[str, str]]) -> dict[str, tuple[str, ...]]:
    out: dict[str, list[str]] = {}
    for section, corp in pairs:
        out.setdefault(corp, []).append(section)
    return {corp: tuple(keys) for corp, keys in out.items()}
