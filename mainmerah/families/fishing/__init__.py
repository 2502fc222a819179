"""The fishing games: Main Merah and Chinese Ten, one engine with a ruleset each.

rules (pairing, points, sizes, bad starts: the capture rule once), engine (the state
machine), events and explain (the log in words), view (one seat's information), bots,
levels and hint (computer players and hints), fast (the fast path of Main Merah's
rulesets), playout (full-engine rollouts for the rest), save, dealcode, match, lab,
and the registry entries main_merah and chinese_ten.
"""
