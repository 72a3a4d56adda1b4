"""Reading PHH hands of fixed-limit Badugi (``FB``) into the engine, every action checked.

A PHH hand gives the stakes, the stacks, the hole cards and every action, but
not the order of the deck, so the reader makes the engine deal the recorded
cards by ordering a deck itself: the deal (one card at a time from the button's
left, as the engine deals), then each draw's replacement cards in the order
the players drew, then the cards nobody saw. PHH records no burn card, so such
a hand is dealt without burns (``burn=False``): the engine then deals exactly
the recorded cards and nothing else. A hand the engine wrote carries its own
deck, seed and burn rule (the user-defined fields ``_deck``, ``_seed``,
``_burn``) and is dealt from them, so it replays to the very same history.

Then every action goes through the engine's rules; a card the engine deals
that is not the recorded one, an action out of turn or against the rules, an
amount changed, a shown hand that is not the one held, or ``finishing_stacks``
that are not what the engine pays, is a ``HandHistoryError`` naming the hand
and the action (its number in ``actions``, from 1) or the player.

The engine cannot be told the order of a reshuffle: a hand without ``_deck``
whose draws need more cards than one deck holds (a card dealt a second time,
or more than 51 cards) is followed from its record (``badugi.histories.follow``),
as the PokerStars reader follows one, its cards checked as they are dealt.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Literal

from badugi.cards import CARD_TEXT, ID_BY_TEXT, quote
from badugi.engine import FixedLimit, Hand
from badugi.errors import GameSetupError, HandHistoryError, IllegalActionError
from badugi.histories._rake import rake_refusal
from badugi.histories.follow import follow
from badugi.histories.phh import toml
from badugi.histories.phh.actions import Action, parse_action, parse_cards
from badugi.histories.phh.fields import ENGINE_FIELDS, REQUIRED_FIELDS, VARIANT
from badugi.histories.phh.record import phh_record, shown_later
from badugi.histories.record import Step, step_kind

__all__ = ["RECORDED", "PhhHand", "from_phh", "hand_from_fields", "read_phh"]

#: ``cap=RECORDED``: the cap the record names (``_cap``), else the engine's default of 4.
RECORDED: Literal["recorded"] = "recorded"
CapChoice = int | None | Literal["recorded"]

_MAX_PLAYERS = 8
#: PHH fields a record keeps elsewhere (its players, their seats, what the engine works out).
_TABLE_ONLY = frozenset(
    {"players", "seats", "seat_count", "finishing_stacks", "ante_trimming_status", "winnings"}
)
_HAND_SIZE = 4
_DECK = 52


@dataclass(frozen=True)
class PhhHand:
    """A PHH hand read into the engine.

    Attributes:
        hand: the engine's hand, played to its end (``hand.history`` is its
            history, which ``Hand.replay`` plays again).
        seat_of: the engine seat of each PHH player (``seat_of[0]`` is ``p1``'s).
        fields: every other field of the record (``players``, ``hand``,
            ``table``, user-defined fields, ...), read-only.
        name: the hand's table name in a ``.phhs`` file, or None.
    """

    hand: Hand
    seat_of: tuple[int, ...]
    fields: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    name: str | None = None

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # A mappingproxy neither pickles nor deep-copies: the fields travel as a dict, read-only again after.
        return _phh_hand, (self.hand, self.seat_of, dict(self.fields), self.name)


def _phh_hand(hand: Hand, seat_of: tuple[int, ...], fields: dict[str, Any], name: str | None) -> PhhHand:
    """A ``PhhHand`` from its pickled parts."""
    return PhhHand(hand, seat_of, MappingProxyType(fields), name)


def _decode(text: object, where: str) -> str:
    if isinstance(text, (bytes, bytearray)):
        try:
            return bytes(text).decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise HandHistoryError(f"{where}: not UTF-8 text: {exc}") from None
    if not isinstance(text, str):
        raise HandHistoryError(f"{where}: PHH is text (a str, or UTF-8 bytes), got {quote(text)}")
    return text[1:] if text.startswith("\ufeff") else text


def read_phh(text: str | bytes, *, cap: CapChoice = RECORDED) -> PhhHand:
    """One PHH hand (variant ``FB``, complete) read into the engine and checked action by action.

    Args:
        text: the PHH text (TOML), a str or UTF-8 bytes.
        cap: the bets and raises a round allows (``FixedLimit(cap=...)``):
            ``RECORDED`` (the default) takes the record's ``_cap`` if it has
            one, else the engine's 4, the big blind counting as the bet; None
            for no cap. (PokerKit does not count the big blind: it allows a
            fifth bet before the first draw, which cap 4 refuses.)

    Raises:
        HandHistoryError: anything that is not such a hand, or that the
            engine's rules refuse; the message names the field or the action.
    """
    source = _decode(text, "PHH")
    try:
        document = toml.loads(source)
    except toml.TomlError as exc:
        raise HandHistoryError(f"PHH: not TOML: {exc}") from None
    return hand_from_fields(document, None, cap)


def from_phh(text: str | bytes, *, cap: CapChoice = RECORDED) -> Hand:
    """One PHH hand read into the engine: the ``Hand``, played to its end (see ``read_phh``).

    Raises:
        HandHistoryError: as ``read_phh``.
    """
    return read_phh(text, cap=cap).hand


# ---- the fields ---------------------------------------------------------------------------------


class _Fields:
    """Reads the fields of one hand, naming the hand in every error."""

    def __init__(self, document: Mapping[str, Any], name: str | None) -> None:
        self.doc = document
        # A table's name is the file's own text: cut, so that a message stays a line.
        self.label = "PHH" if name is None else f"PHH hand [{name if len(name) <= 40 else name[:37] + '...'}]"

    def fail(self, message: str) -> HandHistoryError:
        return HandHistoryError(f"{self.label}: {message}")

    def chips(self, key: str, value: object, least: int) -> int:
        if isinstance(value, float) and math.isinf(value):
            raise self.fail(f"{key} is {value}: an unknown amount (inf), which the engine cannot play")
        if isinstance(value, float):
            raise self.fail(f"{key} is {quote(value)}: the engine counts whole chips (an integer)")
        if not isinstance(value, int) or isinstance(value, bool):
            raise self.fail(f"{key} must be an integer, got {quote(value)}")
        if value < least:
            raise self.fail(f"{key} must be at least {least}, got {value}")
        if value > 2**63 - 1:
            raise self.fail(f"{key} is {value}: more chips than the engine holds (2**63 - 1)")
        return value

    def number(self, key: str, least: int) -> int:
        if key not in self.doc:
            raise self.fail(f"the field {quote(key)} is missing (fixed-limit Badugi needs it)")
        return self.chips(key, self.doc[key], least)

    def chip_list(self, key: str, players: int, least: int) -> list[int]:
        if key not in self.doc:
            raise self.fail(f"the field {quote(key)} is missing (fixed-limit Badugi needs it)")
        values = self.doc[key]
        if not isinstance(values, list):
            raise self.fail(f"{key} must be an array, one number a player, got {quote(values)}")
        if len(values) != players:
            raise self.fail(f"{key} has {len(values)} numbers for {players} players")
        return [self.chips(f"{key}[{k}] (p{k + 1})", value, least) for k, value in enumerate(values)]


def _seats(read: _Fields, players: int) -> tuple[list[int], int]:
    """The engine seat of each player, and the button's seat."""
    given = read.doc.get("seats")
    if given is None:
        return list(range(players)), players - 1
    numbers = read.chip_list("seats", players, 0)
    if len(set(numbers)) != players:
        raise read.fail(f"seats {numbers} names a seat twice")
    rank = {number: k for k, number in enumerate(sorted(numbers))}
    seat_of = [rank[number] for number in numbers]
    button = seat_of[-1]
    if any(seat_of[k] != (button + 1 + k) % players for k in range(players)):
        raise read.fail(
            f"seats {numbers} do not go clockwise from the button's left (p1) to the button "
            f"(p{players}), as PHH orders the players"
        )
    return seat_of, button


def _blinds(read: _Fields, players: int) -> tuple[int, int] | None:
    posted = read.chip_list("blinds_or_straddles", players, 0)
    if any(posted[2:]):
        raise read.fail(f"blinds_or_straddles {posted}: the engine plays no straddle (only p1 and p2 post)")
    if not any(posted):
        return None
    small, big = posted[0], posted[1]
    if big == 0:
        raise read.fail(f"blinds_or_straddles {posted}: a small blind without a big blind")
    if small > big:
        raise read.fail(f"blinds_or_straddles {posted}: the small blind is above the big blind")
    return small, big


def _cap(read: _Fields, cap: CapChoice) -> int | None:
    if cap != RECORDED:
        if cap is not None and (not isinstance(cap, int) or isinstance(cap, bool) or cap < 1):
            raise HandHistoryError(f"cap must be a positive int, None or RECORDED, got {quote(cap)}")
        return cap
    recorded = read.doc.get("_cap", 4)
    if recorded == "none":
        return None
    return read.chips("_cap", recorded, 1)


def _engine_deck(read: _Fields) -> tuple[list[str], int, bool] | None:
    """The deck, seed and burn rule a hand the engine wrote carries, or None."""
    if "_deck" not in read.doc:
        for key in ("_seed", "_burn"):
            if key in read.doc:
                raise read.fail(f"{key} is given without _deck: the engine's own fields go together")
        return None
    text = read.doc["_deck"]
    if not isinstance(text, str):
        raise read.fail(f"_deck must be a string of 52 cards, got {quote(text)}")
    cards = parse_cards(text, f"{read.label}: _deck")
    if len(cards) != _DECK or None in cards or len(set(cards)) != _DECK:
        raise read.fail("_deck must hold the 52 cards, each once")
    seed = read.doc.get("_seed", 0)
    if isinstance(seed, str) and seed.isdigit() and len(seed) < 50:
        seed = int(seed)
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**128:
        raise read.fail(f"_seed must be an int from 0 to 2**128 - 1, got {quote(seed)}")
    burn = read.doc.get("_burn", True)
    if not isinstance(burn, bool):
        raise read.fail(f"_burn must be true or false, got {quote(burn)}")
    return [card for card in cards if card is not None], seed, burn


def hand_from_fields(  # noqa: PLR0912, PLR0915 - each field checked in turn, in the order PHH lists them
    document: Mapping[str, Any], name: str | None, cap: CapChoice = RECORDED
) -> PhhHand:
    """One hand from its fields (a parsed TOML table); ``name`` is its table name in a ``.phhs`` file.

    Raises:
        HandHistoryError: as ``read_phh``.
    """
    read = _Fields(document, name)
    variant = document.get("variant")
    if variant is None:
        raise read.fail("the field 'variant' is missing")
    if variant != VARIANT:
        raise read.fail(f"variant {quote(variant)} is not fixed-limit Badugi ({quote(VARIANT)})")
    for key in ("bring_in", "min_bet"):
        if key in document:
            raise read.fail(f"{quote(key)} is not a field of fixed-limit Badugi")
    stacks_value = document.get("starting_stacks")
    if not isinstance(stacks_value, list):
        raise read.fail(f"starting_stacks must be an array, one stack a player, got {quote(stacks_value)}")
    players = len(stacks_value)
    if not 2 <= players <= _MAX_PLAYERS:
        raise read.fail(f"the engine seats 2 to {_MAX_PLAYERS} players, the hand has {players}")
    starting = read.chip_list("starting_stacks", players, 1)
    antes = read.chip_list("antes", players, 0)
    if len(set(antes)) != 1:
        raise read.fail(f"antes {antes}: the engine plays one ante for every player")
    short = [k for k in range(players) if starting[k] < antes[0]]
    if short and document.get("ante_trimming_status") is not True:
        raise read.fail(
            f"p{short[0] + 1}'s stack ({starting[short[0]]}) is short of the ante ({antes[0]}) and "
            "ante_trimming_status is not true: PHH then puts every ante in the main pot, the short "
            "stack eligible for all of it, where the engine's antes count in the side pots"
        )
    blinds = _blinds(read, players)
    big_player = 0 if players == 2 else 1
    if blinds is not None and starting[big_player] - antes[0] < blinds[1]:
        raise read.fail(
            f"p{big_player + 1}'s big blind is all-in for less than {blinds[1]} (a stack of "
            f"{starting[big_player]}): PHH, as PokerKit plays it, then makes the bet the largest blind "
            "posted, where the engine makes it the full blind, so the record's calls would mean other amounts"
        )
    small_bet, big_bet = read.number("small_bet", 1), read.number("big_bet", 1)
    uncapped = document.get("_uncapped_heads_up", False)
    if not isinstance(uncapped, bool):
        raise read.fail(f"_uncapped_heads_up must be true or false, got {quote(uncapped)}")
    seat_of, button = _seats(read, players)
    raw_actions = document.get("actions")
    if not isinstance(raw_actions, list):
        raise read.fail(f"actions must be an array of strings, got {quote(raw_actions)}")
    try:
        actions = [parse_action(text, k + 1, players) for k, text in enumerate(raw_actions)]
    except HandHistoryError as exc:
        raise read.fail(str(exc)) from None
    stacks = [0] * players
    for k, seat in enumerate(seat_of):
        stacks[seat] = starting[k]
    recorded = _engine_deck(read)
    raked = "_rake" in document or "_collected" in document or "_shown_cards" in document
    # A hand with cards nobody saw, a rake, or a muck at the showdown (which concedes) is followed, not dealt.
    followed = raked or any(None in action.cards or action.muck for action in actions)
    if recorded is None and not followed:
        try:
            _deck_for(actions, seat_of, button, players)
        except _Reshuffled:
            followed = True  # no deck deals it: followed, as the PokerStars reader follows a reshuffle
        except HandHistoryError:
            pass  # refused below, naming the action
    if recorded is None and followed:
        return _partial(
            read,
            document=document,
            name=name,
            stacks=stacks,
            seat_of=seat_of,
            button=button,
            blinds=blinds,
            ante=antes[0],
            actions=actions,
            cap=cap,
            uncapped=uncapped,
        )
    try:
        if recorded is None:
            deck, seed, burn = _deck_for(actions, seat_of, button, players), 0, False
        else:
            deck, seed, burn = recorded
    except HandHistoryError as exc:
        raise read.fail(str(exc)) from None
    try:
        hand = Hand(
            stacks,
            button,
            FixedLimit(small_bet, big_bet, cap=_cap(read, cap), uncapped_heads_up=uncapped),
            blinds=blinds,
            ante=antes[0],
            seed=seed,
            deck=deck,
            burn=burn,
        )
    except GameSetupError as exc:
        raise read.fail(f"the engine cannot set up this hand: {exc}") from None
    try:
        named = "the deck worked out from the record" if recorded is None else "the record's deck (_deck)"
        _Player(hand, seat_of, named).play(actions)
    except HandHistoryError as exc:
        raise read.fail(str(exc)) from None
    return _finished(read, document, name, hand, seat_of)


def _partial(
    read: _Fields,
    *,
    document: Mapping[str, Any],
    name: str | None,
    stacks: list[int],
    seat_of: list[int],
    button: int,
    blinds: tuple[int, int] | None,
    ante: int,
    actions: list[Action],
    cap: CapChoice,
    uncapped: bool,
) -> PhhHand:
    """A hand with cards nobody saw: followed from its record, not dealt (``badugi.histories.phh.record``)."""
    names_value = document.get("players")
    names = (
        [str(item) for item in names_value]
        if isinstance(names_value, list) and len(names_value) == len(stacks)
        else [f"p{k + 1}" for k in range(len(stacks))]
    )
    small_bet, big_bet = read.number("small_bet", 1), read.number("big_bet", 1)
    structure = FixedLimit(small_bet, big_bet, cap=_cap(read, cap), uncapped_heads_up=uncapped)
    try:
        record = phh_record(
            read.label if name is None else f"PHH hand [{name[:40]}]",
            fields={
                key.removeprefix("_"): value
                for key, value in document.items()
                if key not in REQUIRED_FIELDS and key not in ENGINE_FIELDS and key not in _TABLE_ONLY
            },
            names=names,
            stacks=stacks,
            seat_of=seat_of,
            button=button,
            structure=structure,
            blinds=blinds,
            ante=ante,
            actions=actions,
        )
    except HandHistoryError as exc:
        raise read.fail(str(exc)) from None
    if "_rake" in document or "_collected" in document:
        # What the room took and what each player collected, as a hand followed from a room's record says.
        rake = read.number("_rake", 0)
        paid = "_collected" if "_collected" in document else "winnings"  # an older file's, or PHH's own
        collected = read.chip_list(paid, len(stacks), 0) if paid in document else [0] * len(stacks)
        returned = (
            read.chip_list("_returned", len(stacks), 0) if "_returned" in document else [0] * len(stacks)
        )
        pays = tuple(
            Step(step_kind(kind), seat_of[k], amount=amount)
            for kind, amounts in (("returned", returned), ("collect", collected))
            for k, amount in enumerate(amounts)
            if amount
        )
        wrong = rake_refusal(rake, rake + sum(collected))
        if wrong is not None:
            raise read.fail(f"_rake: {wrong}")
        record = dataclasses.replace(record, rake=rake, steps=record.steps + pays)
    if "_shown_cards" in document:
        try:
            later = shown_later(document["_shown_cards"], seat_of)
        except HandHistoryError as exc:
            raise read.fail(str(exc)) from None
        record = dataclasses.replace(record, steps=record.steps + later)
    hand = follow(record)
    return _finished(read, document, name, hand, seat_of)


def _finished(
    read: _Fields, document: Mapping[str, Any], name: str | None, hand: Hand, seat_of: list[int]
) -> PhhHand:
    """The hand read: its ``finishing_stacks`` (if given) the engine's, and the record's other fields kept."""
    if "finishing_stacks" in document:
        finishing = read.chip_list("finishing_stacks", len(seat_of), 0)
        for k, seat in enumerate(seat_of):
            if finishing[k] != hand.stacks[seat]:
                raise read.fail(
                    f"finishing_stacks says p{k + 1} ends with {finishing[k]}, "
                    f"the engine pays it to {hand.stacks[seat]}"
                )
    if "winnings" in document and hand.result is not None:
        winnings = read.chip_list("winnings", len(seat_of), 0)
        paid = hand.payouts or [0] * len(seat_of)
        for k, seat in enumerate(seat_of):
            won = paid[seat] - hand.result.returned[seat]
            if winnings[k] != won:
                raise read.fail(f"winnings says p{k + 1} collects {winnings[k]}, the engine pays it {won}")
    kept = {
        key: value
        for key, value in document.items()
        if key not in REQUIRED_FIELDS and key not in ENGINE_FIELDS
    }
    return PhhHand(hand, tuple(seat_of), MappingProxyType(kept), name)


# ---- the deck ---------------------------------------------------------------------------------


def _known(action: Action) -> list[str]:
    if None in action.cards:
        raise HandHistoryError(
            f"{action.where()}: an unknown card (??): only complete hands are read so far, every card known"
        )
    return [card for card in action.cards if card is not None]


def _deck_for(  # noqa: PLR0912, PLR0915 - the deal, the draws, then the checks that no card comes twice
    actions: list[Action], seat_of: list[int], button: int, players: int
) -> list[str]:
    """A deck, top first, from which the engine (without burns) deals exactly the recorded cards."""
    holes: list[list[str]] = [[] for _ in range(players)]
    dealing = True
    slots: list[tuple[int, list[str], Action]] = []  # each discard, in the order drawn: (player, cards, sd)
    waiting: dict[int, int] = {}  # player -> index in slots of its latest draw still to be dealt
    for action in actions:
        if action.kind == "dh" and dealing:
            assert action.player is not None
            holes[action.player].extend(_known(action))
            if len(holes[action.player]) > _HAND_SIZE:
                raise HandHistoryError(f"{action.where()}: p{action.player + 1} is dealt more than 4 cards")
            continue
        if action.kind == "":
            continue
        if dealing:
            dealing = False
            for k, cards in enumerate(holes):
                if len(cards) != _HAND_SIZE:
                    raise HandHistoryError(
                        f"{action.where()}: p{k + 1} was dealt {len(cards)} cards before the first action "
                        f"(a Badugi hand is 4)"
                    )
        assert action.player is not None
        if action.kind == "sd":
            if _known(action):
                waiting[action.player] = len(slots)
                slots.append((action.player, [], action))
        elif action.kind == "dh":
            if action.player not in waiting:
                raise HandHistoryError(
                    f"{action.where()}: p{action.player + 1} is dealt cards it did not draw for"
                )
            player, cards, drawn = slots[waiting[action.player]]
            cards.extend(_known(action))
            if len(cards) > len(drawn.cards):
                raise HandHistoryError(
                    f"{action.where()}: p{player + 1} threw {len(drawn.cards)} cards ({drawn.where()}) "
                    f"and is dealt {len(cards)}"
                )
            if len(cards) == len(drawn.cards):
                del waiting[action.player]
    if dealing:
        raise HandHistoryError("the record has no action after the deal: only complete hands are read so far")
    order: list[str] = []
    where: list[str] = []
    first = seat_of.index((button + 1) % players)  # the player the engine deals first: p1
    for position in range(_HAND_SIZE):
        for k in range(players):
            order.append(holes[(first + k) % players][position])
            where.append("the deal")
    thrown: set[str] = set()
    back = [False] * len(order)  # each card's: was it thrown before it is dealt here?
    for player, cards, drawn in slots:
        if len(cards) != len(drawn.cards):
            raise HandHistoryError(
                f"{drawn.where()}: p{player + 1} throws {len(drawn.cards)} cards and is dealt "
                f"{len(cards)} in their place"
            )
        thrown.update(card for card in drawn.cards if card is not None)
        back.extend(card in thrown for card in cards)
        order.extend(cards)
        where.extend([f"the draw of {drawn.where()}"] * len(cards))
    seen: dict[str, str] = {}
    for card, place, thrown_before in zip(order, where, back, strict=True):
        if card in seen:
            # A card thrown and dealt again needs a reshuffle; one held twice at once is no hand at all.
            raise (_Reshuffled if thrown_before else HandHistoryError)(
                f"{card} is dealt twice ({seen[card]}, then {place}): a card comes back only after a "
                "reshuffle, and the engine cannot be told the order of a reshuffle (a hand the engine "
                "wrote carries its own deck and seed for this)"
            )
        seen[card] = place
    if len(order) > _DECK - 1:
        raise _Reshuffled(
            f"the hand deals {len(order)} cards: past 51 the engine reshuffles, and it cannot be told "
            "the order of a reshuffle"
        )
    rest = [text for text in CARD_TEXT if text not in seen]
    return order + rest


class _Reshuffled(HandHistoryError):
    """The record's cards need a reshuffle, whose order the engine cannot be told: no deck deals them."""


# ---- the actions ------------------------------------------------------------------------------


class _Player:
    """Plays the record's actions on the engine's hand, checking each."""

    def __init__(self, hand: Hand, seat_of: list[int], deck: str) -> None:
        self.hand = hand
        self.seat_of = seat_of
        self.deck = deck  # where the deck came from, as a refusal names it
        self.player_of = {seat: k for k, seat in enumerate(seat_of)}
        self.dealt: list[list[str]] = [[] for _ in seat_of]
        self.deal_checked = False
        self.owed: dict[int, tuple[list[str], Action]] = {}  # player -> (cards the engine dealt it, its sd)
        self.shown: set[int] = set()
        self.mucked: set[int] = set()

    def label(self, seat: int | None) -> str:
        return "nobody" if seat is None else f"p{self.player_of[seat] + 1}"

    def play(self, actions: list[Action]) -> None:
        for action in actions:
            if action.kind == "":
                continue
            if action.kind == "dh" and not self.deal_checked:
                assert action.player is not None
                self.dealt[action.player].extend(_known(action))
                continue
            if not self.deal_checked:
                self.check_deal(action)
            self.skip_turns_without_a_decision(action)
            try:
                self.apply(action)
            except IllegalActionError as exc:
                raise HandHistoryError(f"{action.where()}: the engine's rules refuse it: {exc}") from None
        self.skip_turns_without_a_decision(None)
        self.finish()

    def skip_turns_without_a_decision(self, action: Action | None) -> None:
        """Check for a player whose every opponent still in is all-in, unless the record has it act.

        Such a player has nothing to decide (a bet could not be called), and
        PHH, as PokerKit plays it, skips its turn; the engine asks it to check.
        """
        hand = self.hand
        while hand.phase == "bet" and hand.legal().check:
            seat = hand.actor
            assert seat is not None
            if (
                action is not None
                and action.kind in ("cc", "f", "cbr")
                and action.player == self.player_of[seat]
            ):
                return
            stacks, folded = hand.stacks, hand.folded
            if any(stacks[other] and not folded[other] for other in range(hand.n_seats) if other != seat):
                return
            hand.check(seat)

    def check_deal(self, action: Action) -> None:
        self.deal_checked = True
        deals = {item["seat"]: item["cards"] for item in self.hand.history if item["event"] == "deal"}
        for k, seat in enumerate(self.seat_of):
            if sorted(self.dealt[k]) != sorted(deals[seat]):
                raise HandHistoryError(
                    f"p{k + 1} is dealt {''.join(self.dealt[k])} by the record and "
                    f"{''.join(deals[seat])} by {self.deck}"
                )

    def expect_turn(self, action: Action, phase: str) -> int:
        assert action.player is not None
        seat = self.seat_of[action.player]
        hand = self.hand
        if hand.phase == "over":
            raise HandHistoryError(f"{action.where()}: the hand is over")
        if hand.phase != phase:
            doing = "draw" if hand.phase == "draw" else "bet"
            raise HandHistoryError(f"{action.where()}: it is {self.label(hand.actor)}'s turn to {doing}")
        if hand.actor != seat:
            raise HandHistoryError(
                f"{action.where()}: p{action.player + 1} acts out of turn: {self.label(hand.actor)} is to act"
            )
        return seat

    def owed_first(self, action: Action) -> None:
        if self.owed:
            player = min(self.owed)
            raise HandHistoryError(
                f"{action.where()}: p{player + 1} drew ({self.owed[player][1].where()}) and the record "
                "deals it no cards before this action"
            )

    def apply(self, action: Action) -> None:
        hand = self.hand
        kind = action.kind
        if kind in ("cc", "f", "cbr"):
            self.owed_first(action)
            seat = self.expect_turn(action, "bet")
            if kind == "f":
                hand.fold(seat)
            elif kind == "cc":
                if hand.legal().check:
                    hand.check(seat)
                else:
                    hand.call(seat)
            else:
                assert action.amount is not None
                hand.raise_to(action.amount, seat)
        elif kind == "sd":
            seat = self.expect_turn(action, "draw")
            thrown = _known(action)
            drawn = hand.draw(thrown, seat)
            if thrown:
                assert action.player is not None
                self.owed[action.player] = (list(drawn["received"]), action)
        elif kind == "dh":
            assert action.player is not None
            if action.player not in self.owed:
                raise HandHistoryError(
                    f"{action.where()}: p{action.player + 1} is dealt cards it did not draw for"
                )
            received, _drawn_at = self.owed.pop(action.player)
            cards = _known(action)
            if sorted(cards) != sorted(received):
                raise HandHistoryError(
                    f"{action.where()}: the record deals p{action.player + 1} {''.join(cards)}, "
                    f"{self.deck} deals {''.join(received)}"
                )
        elif kind == "sm":
            self.owed_first(action)
            self.show(action)

    def show(self, action: Action) -> None:
        assert action.player is not None
        hand, player = self.hand, action.player
        seat = self.seat_of[player]
        if hand.phase != "over":
            raise HandHistoryError(
                f"{action.where()}: p{player + 1} shows or mucks before the showdown "
                f"({self.label(hand.actor)} is to act)"
            )
        if hand.folded[seat]:
            raise HandHistoryError(f"{action.where()}: p{player + 1} has folded: it has no cards to show")
        if player in self.shown or player in self.mucked:
            raise HandHistoryError(f"{action.where()}: p{player + 1} has shown or mucked already")
        if action.muck:
            self.mucked.add(player)
            return
        self.shown.add(player)
        if action.show_dealt:
            return
        cards = _known(action)
        held = hand.hands[seat]
        if sorted(cards, key=ID_BY_TEXT.__getitem__) != sorted(held, key=ID_BY_TEXT.__getitem__):
            raise HandHistoryError(
                f"{action.where()}: p{player + 1} shows {''.join(cards)} but holds {''.join(held)}"
            )

    def finish(self) -> None:
        hand = self.hand
        if self.owed:
            player = min(self.owed)
            raise HandHistoryError(
                f"p{player + 1} drew ({self.owed[player][1].where()}) and the record deals it no cards"
            )
        if hand.phase != "over":
            raise HandHistoryError(
                f"the record stops before the hand is over ({self.label(hand.actor)} is to "
                f"{'draw' if hand.phase == 'draw' else 'act'}): only complete hands are read so far"
            )
        went_to_showdown = any(item["event"] == "showdown" for item in hand.history)
        payouts = hand.payouts or []
        for player in sorted(self.mucked):
            seat = self.seat_of[player]
            if went_to_showdown and payouts[seat]:
                raise HandHistoryError(
                    f"p{player + 1} mucks at the showdown, conceding, but the engine's showdown ranks every "
                    f"hand still in and pays it {payouts[seat]}: conceding at the showdown is not played yet"
                )
