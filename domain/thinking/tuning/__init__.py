"""Tuning a rule: which values of a game's options (or a kit's parameters) make it fair, or as long as the
designer wants, under named bots.

- ``space``: the values a tune may try (``--vary NAME=LOW..HIGH[:STEP]``), checked against the game's own
  description of its options, and the options of a game played with one candidate.
- ``goals``: what a tune aims at (seat or side fairness, a band of lengths, few draws or limit endings, a
  weighted mix), each measured on a candidate's games with its 95% interval.
- ``race``: the search. An optimiser (Optuna's samplers) proposes candidates; each is played on the same
  seeds as every other (common random numbers) a block of games at a time, and dropped once its interval
  shows it clearly worse than the best (racing), so most games go to the candidates that may win.
- ``answer``: the race's result as figures: the recommended values, the runners-up, every candidate's goal.
"""
