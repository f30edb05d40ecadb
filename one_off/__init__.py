"""Games scored alone, outside any campaign: the scoring wizard's own pages (`views`, under the
`scoring:` URL names they always had, `urls`) and the one-off games they keep (`actions`,
`forms`), rows of the ledger's `campaign.models.Game` without a campaign.

Apart from `scoring` (the wizard's forms, the score sheet and the reference catalogue, which
the campaign imports): this package imports both, so `scoring` never imports `campaign`
(docs/architecture.md, an import-linter contract).
"""
