"""Reading and checking a kit: its YAML read with each value's line (``yaml_nodes``, ``loading``), every
check a kit must pass (``checks``, ``kit_references``, ``kit_bound_checks``), the secrets trace
(``kit_taint``), and the ``Kit`` a game is played with (``kit``).

May use: the vocabulary, the language, the board and the play (a kit is checked by compiling its rules)."""
