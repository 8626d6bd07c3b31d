"""What each seat is shown: the view and its redaction (``present``), the tables a bot may imagine from a seat
(``imagined_tables``), the table told in words (``present_text``) and drawn (``picture``, ``picture_board``), and what
a command names on the board (``refs``).

May use: every other room."""
