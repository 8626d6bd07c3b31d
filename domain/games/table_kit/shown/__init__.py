"""What each seat is shown: the view and its redaction (``present``), the table told in words
(``present_text``) and drawn (``picture``, ``picture_board``).

May use: every other room."""
