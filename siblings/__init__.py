"""Four sibling number puzzles of Puzlogic, each modelled in z3, solved, proved unique, checked.

Pure: z3 and the standard library only. One module per puzzle — `alphametic`, `logelei`
(off-by-one segment sums), `twentyfour` (Twenty Four Seven, vanilla and 4-in-1) and
`numbercross` — plus `common` (errors, assumption literals, the uniqueness loop) and `cli`.
"""
