"""The scoring wizard: one game's end state, read off the table, as a docs/table-file.md dict.

The forms judge shapes only (is it a whole number, is it one of the choices). Whether a value is
possible in the game is `solar175.table.read_table`'s reading, so the wizard refuses exactly
what the `score` command refuses, with the same sentence, shown beside the field it names.

- `table_form.TableForm`: the whole table; `setup.SetupForm`, `steps` (HUBs, ballots, one
  player's card): its parts; `widgets`: steppers, zone boxes and layout pieces; `paths`: where a
  sentence goes; `spoilers`: which sections a one-off game's group has unlocked, by number only;
  `sheet`: the score sheet and the live result.

Reuse for a campaign game (the campaign's "edit through the scoring wizard, prefilled")::

    form = TableForm(
        request.POST or None,           # None: a fresh form, prefilled from `table`
        table=game.table,               # any docs/table-file.md dict (or part of one) to prefill
        fixed={                         # what the campaign derives: shown, not editable
            "rules": {"zones_in_play": [1, 2, 3], "celestial_rebellion": False,
                      "trade_unions": False, **HouseRules().to_table_rules()},
            "incumbent_party": "workers_union",
            "megastructure_zone": 3,    # leave the key out to let the group enter it
        },
        corporations=[CorporationOption("purple", "Caro (Purple)", "#6f42c1"), ...],
    )
    if form.is_valid():
        form.to_table()                     # the full table, fixed values included: score it
        form.to_table(include_fixed=False)  # the campaign file's games[].table shape
        form.score()                        # the engine's GameScore

Templates: `scoring/wizard.html` renders a `TableForm` as `table_form` with its partials
`setup`, `hubs`, `ballots`, `player` (with `form` = one of `table_form.players`) and
`live-result` (a `ScoreSheet` as `sheet`); `sheet.render_live_result` answers the htmx live
preview for any `TableForm`.
"""
