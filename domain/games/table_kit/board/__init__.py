"""The board: its geometry as the kit lays it out (``kit_geometry``: spaces, rows, steps and the lines out
from each space), the board as one table's pieces stand on it (``kit_board``: who holds each space, a seat's
pieces, derived from the board before after a move, what it worked out carried over by ``kit_carried``), each
table's board kept with it and carried over to the table after a move (``kit_kept``), the
longest line a seat's pieces make (``kit_lines``), and each table's board when its size follows the kit's
parameters (``kit_boards``).

May use: the vocabulary and the language."""
