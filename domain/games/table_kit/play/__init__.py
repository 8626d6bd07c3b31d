"""A kit's rules in play (its ``play`` section), compiled once when the kit is read: what an expression may
read at one table (``kit_scope``; the functions that read only the kit, made once, ``kit_functions``); the
actions' choices (``kit_choices``), the spaces a piece may step to (``kit_walk``, ``kit_grid_walk``) and a
``where`` tried on many candidates (``kit_where``, its answers kept by ``kit_sift``, a walk's open spaces by
``kit_open_spaces``); their steps (``kit_steps``,
those that move pieces ``kit_piece_steps``, and how they end a game, ``kit_endings``), compiled by
``kit_compile_steps`` and ``kit_compile``, their targets by ``kit_targets``; turns taken together
(``kit_together``); the bounds on what a turn may cost (``kit_bounds``); a seat's legal commands made once a table
(``kit_offers``), an action's kept by the plain values it reads (``kit_plain``); and the compiled rules the ruleset
asks for legal commands and decisions (``kit_rules``).

May use: the vocabulary, the language and the board."""
