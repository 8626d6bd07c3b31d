"""How the Location CCG's cards show on its board (``picture.py``): the pool a view names (a designer's
pool's faces, which the view brings, or the demo pool), a card's lines and its words in full."""

from __future__ import annotations

from typing import Any

from domain.games.location_ccg.cards import Card, Pool, card_from, location_from, pool


def view_pool(view: dict[str, Any]) -> Pool:
    """The cards and locations the view names: the faces a designer's pool brings, else the demo pool."""
    faces = view.get("card_pool")
    if not faces:
        return pool()
    return Pool({key: card_from(key, raw) for key, raw in faces["cards"].items()},
                {key: location_from(key, raw) for key, raw in faces["locations"].items()}, {}, ())


def hand_lines(card: Card) -> list[str]:
    """A card in hand: its typeline, stats or bonus, keywords and resource row."""
    lines = [card.typeline.replace("- ", ": ")]
    if card.kind == "character":
        lines.append("{}/{}/{}".format(*card.stats))
    elif card.kind == "modifier":
        lines.append("{:+d}/{:+d}/{:+d}".format(*card.bonus))
    lines += [word.replace("_", " ").title() + ("" if value is True else f" {value}") for word, value in card.keywords.items()]
    lines.append(f"bank: {card.resources}")
    return lines


def card_words(card: Card) -> str:
    """A card in words, for the text shown where the pointer rests."""
    stats = f", Atk/Def/Skl {'/'.join(map(str, card.stats))}" if card.kind == "character" else ""
    text = f"; {card.text}" if card.text else ""
    return f"{card.typeline}, cost {card.cost}{stats}{text}; banked it gives {card.resources}"


def card_name(card_id: str, cards: Pool) -> str:
    found = cards.cards.get(card_id)
    return found.name if found else card_id
