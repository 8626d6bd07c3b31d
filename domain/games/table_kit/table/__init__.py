"""The table: its state, worked out from the facts recorded (``state``), a game's starting table
(``starting``), the commands a player types on a paper table (``commands``, ``card_commands``, ``legal``)
and the private counters' redaction (``private_counters``).

May use: the vocabulary, the language, the board, the play and the reading."""
