"""Reading API requests into engine values, and engine values back into JSON.

Every malformed input raises :class:`BadInput` with a sentence for a person and
the path of the field (``table[2]``, ``play.take[0]``); the routes turn it into
a 400. Nothing here decides a rule.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from referee.names import NAME_LENGTH, first_repeat, readable, visible
from referee.rules.capture import Group
from referee.rules.cards import Card, CardError
from referee.rules.partition import Budget
from referee.rules.round import sides_of
from referee.rules.table import Build, Item, item_cards
from referee.rules.turn import Action, Play, adds_up, table_sums
from referee.rules.variants import VARIANTS, OptionError, Rules, UnknownVariant, get_rules


class BadInput(ValueError):
    def __init__(self, message: str, field: str) -> None:
        super().__init__(message)
        self.message = message
        self.field = field


def require_object(body: Any, field: str = "body") -> dict[str, Any]:
    if not isinstance(body, dict):
        raise BadInput("the body must be a JSON object", field)
    return body


def check_keys(body: dict[str, Any], allowed: Sequence[str], prefix: str = "") -> None:
    for key in body:
        if key not in allowed:
            raise BadInput(
                f"unknown field {key!r}; the fields are {', '.join(allowed)}", prefix + str(key)
            )


def read_int(value: Any, field: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadInput(f"{field} must be a whole number", field)
    if not low <= value <= high:
        raise BadInput(f"{field} must be from {low} to {high}", field)
    return value


def read_list(value: Any, field: str, longest: int) -> list[Any]:
    if not isinstance(value, list):
        raise BadInput(f"{field} must be a list", field)
    if len(value) > longest:
        raise BadInput(f"{field} has {len(value)} entries; no real game has more than {longest}",
                       field)
    return value


def read_rules(body: dict[str, Any]) -> Rules:
    variant = body.get("variant")
    if variant is None:
        raise BadInput(f"say which variant: one of {' '.join(VARIANTS)}", "variant")
    options = body.get("options", {})
    if not isinstance(options, dict):
        raise BadInput("options must be an object of house rules", "options")
    try:
        return get_rules(variant, options)
    except UnknownVariant as error:
        raise BadInput(str(error), "variant") from None
    except OptionError as error:
        raise BadInput(str(error), f"options.{error.option}" if error.option else "options") \
            from None


def read_players(body: dict[str, Any], rules: Rules) -> tuple[int, list[str] | None]:
    raw = body.get("players", 2)
    v = rules.variant
    if isinstance(raw, list):
        names = read_list(raw, "players", v.max_players)
        for i, name in enumerate(names):
            if not isinstance(name, str) or not 1 <= len(name.strip()) <= NAME_LENGTH:
                raise BadInput(f"a player's name is 1 to {NAME_LENGTH} characters",
                               f"players[{i}]")
            if not readable(name):
                raise BadInput("a player's name cannot hold control characters, lone "
                               "surrogates or marks of text direction", f"players[{i}]")
            if not visible(name):
                raise BadInput("a player's name needs something that shows: a letter, a "
                               "digit or a sign, not only spaces", f"players[{i}]")
        repeat = first_repeat(names)
        if repeat is not None:
            at, first = repeat
            raise BadInput(f"two players are called {names[first].strip()}: give each their "
                           "own name", f"players[{at}]")
        count = len(names)
        names = [n.strip() for n in names]
    else:
        count = read_int(raw, "players", 1, 99)
        names = None
    if not v.min_players <= count <= v.max_players:
        try:
            sides_of(rules, count)  # the variant's own words for the seatings it takes
        except OptionError as error:
            raise BadInput(str(error), "players") from None
    return count, names


def read_card(value: Any, field: str) -> Card:
    if not isinstance(value, str):
        raise BadInput("a card is a code like 10D or AS", field)
    try:
        return Card.parse(value)
    except CardError as error:
        raise BadInput(str(error), field) from None


class CardCounter:
    """Refuses a card seen more often than the packs hold it."""

    def __init__(self, packs: int) -> None:
        self.packs = packs
        self.seen: Counter[Card] = Counter()
        self.first: dict[Card, str] = {}

    def add(self, card: Card, field: str) -> None:
        self.seen[card] += 1
        self.first.setdefault(card, field)
        if self.seen[card] > self.packs:
            twice = "twice" if self.packs == 1 else f"{self.packs + 1} times"
            raise BadInput(
                f"{card.code} appears {twice} ({self.first[card]} and {field}); "
                f"{'one pack has' if self.packs == 1 else 'two packs have'} "
                f"{'one' if self.packs == 1 else 'two'} of each card",
                field,
            )


def read_table(value: Any, rules: Rules, players: int, counter: CardCounter,
               budget: Budget | None = None) -> list[Item]:
    """The table: loose cards, and builds where a ``budget`` (the request's) is given to
    check that each adds up to its value; without one a build is refused as a card."""
    raw = read_list(value, "table", 52 * rules.packs)
    table: list[Item] = []
    for i, entry in enumerate(raw):
        field = f"table[{i}]"
        if isinstance(entry, dict) and budget is not None:
            table.append(read_build(entry, field, rules, players, counter, budget))
        else:
            card = read_card(entry, field)
            counter.add(card, field)
            table.append(card)
    return table


def read_build(entry: dict[str, Any], field: str, rules: Rules, players: int,
               counter: CardCounter, budget: Budget) -> Build:
    check_keys(entry, ("cards", "value", "owner", "locked"), field + ".")
    cards_raw = read_list(entry.get("cards"), f"{field}.cards", 52 * rules.packs)
    if len(cards_raw) < 2:
        raise BadInput("a build has at least two cards", f"{field}.cards")
    cards = []
    for j, code in enumerate(cards_raw):
        card = read_card(code, f"{field}.cards[{j}]")
        counter.add(card, f"{field}.cards[{j}]")
        cards.append(card)
    if "value" not in entry:
        raise BadInput("a build needs its value", f"{field}.value")
    value = read_int(entry["value"], f"{field}.value", 1, 16)
    if not adds_up(rules, cards, value, budget):
        sums = " or ".join(str(total) for total in table_sums(rules, cards))
        raise BadInput(f"{'+'.join(codes(cards))} cannot be a build of {value}"
                       + (f"; they add up to {sums}" if sums else ""), f"{field}.value")
    owner = read_int(entry.get("owner", 0), f"{field}.owner", 0, players - 1)
    locked = entry.get("locked", False)
    if not isinstance(locked, bool):
        raise BadInput("locked must be true or false", f"{field}.locked")
    return Build(tuple(cards), value, owner, locked)


def read_play(raw: Any, field: str, table: Sequence[Item], rules: Rules) -> tuple[Play, int | None]:
    """A play object; references resolve against ``table``."""
    entry = require_object(raw, field)
    check_keys(entry, ("card", "action", "take", "onto", "value", "player"), field + ".")
    if "card" not in entry:
        raise BadInput("say which card is played", f"{field}.card")
    card = read_card(entry["card"], f"{field}.card")
    action_name = entry.get("action")
    try:
        action = Action(action_name if isinstance(action_name, str) else "")
    except ValueError:
        raise BadInput(
            "action must be one of capture, build, double, trail", f"{field}.action"
        ) from None
    refs_key = {"capture": "take", "build": "onto", "double": "onto"}.get(action.value)
    wrong = "onto" if refs_key == "take" else "take"
    if action is Action.TRAIL:
        for key in ("take", "onto", "value"):
            if key in entry:
                raise BadInput(f"a trail has no {key}", f"{field}.{key}")
    elif wrong in entry:
        raise BadInput(f"a {action.value} uses {refs_key}, not {wrong}", f"{field}.{wrong}")
    refs: tuple[int, ...] = ()
    if refs_key is not None:
        if refs_key not in entry:
            raise BadInput(f"say what the {action.value} uses: {refs_key}", f"{field}.{refs_key}")
        refs = read_refs(entry[refs_key], f"{field}.{refs_key}", table)
    value = None
    if "value" in entry:
        if action is Action.CAPTURE:
            raise BadInput("a capture's value follows from the cards", f"{field}.value")
        value = read_int(entry["value"], f"{field}.value", 1, 30)
    player = None
    if "player" in entry:
        player = read_int(entry["player"], f"{field}.player", 0, 99)
    return Play(card, action, refs, value), player


def read_refs(value: Any, field: str, table: Sequence[Item]) -> tuple[int, ...]:
    """Card codes or indexes into ``table``; any card of a build means the build."""
    raw = read_list(value, field, 2 * 52)
    chosen: list[int] = []
    named: Counter[tuple[int, Card]] = Counter()
    for j, ref in enumerate(raw):
        where = f"{field}[{j}]"
        if isinstance(ref, int) and not isinstance(ref, bool):
            if not 0 <= ref < len(table):
                raise BadInput(f"there is no table item {ref}", where)
            if ref in chosen:
                raise BadInput(f"table item {ref} is named twice", where)
            chosen.append(ref)
            continue
        card = read_card(ref, where)
        matches = [i for i, item in enumerate(table) if card in item_cards(item)]
        if not matches:
            raise BadInput(f"{card.code} is not on the table", where)
        loose = [i for i in matches if not isinstance(table[i], Build) and i not in chosen]
        builds = [i for i in matches if isinstance(table[i], Build)]
        if loose:
            chosen.append(loose[0])
        elif builds:
            build = builds[0]
            named[(build, card)] += 1
            if named[(build, card)] > item_cards(table[build]).count(card):
                raise BadInput(f"{card.code} is named twice", where)
            if build not in chosen:
                chosen.append(build)
        else:
            raise BadInput(f"{card.code} is named twice", where)
    return tuple(chosen)


# -- engine values as JSON ------------------------------------------------------

def codes(cards: Sequence[Card]) -> list[str]:
    return [c.code for c in cards]


def build_json(build: Build) -> dict[str, Any]:
    return {"cards": codes(build.cards), "value": build.value, "owner": build.owner,
            "locked": build.locked}


def groups_json(groups: Sequence[Group]) -> list[list[str]]:
    return [codes(g.cards) for g in groups]


def options_json(options: Sequence[Sequence[int]], table: Sequence[Item]) -> list[list[str]]:
    return [[c.code for i in option for c in item_cards(table[i])] for option in options]
