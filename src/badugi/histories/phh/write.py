"""Writing a hand of the engine as PHH (the poker hand history standard), variant ``FB``.

``to_phh(hand)`` takes a ``Hand`` that is over, or its history (events, or the
same as JSON data, which is replayed and so checked first), and writes one PHH
hand: the stakes, the stacks in position order, every action in PHH notation
(the deal, bets, each draw's discards and then its replacement cards, the
showdown), the finishing stacks, and the engine's own settings as user-defined
fields (see ``badugi.histories.phh.fields``), so that ``from_phh`` plays exactly
the same hand again.

What PHH cannot say is refused, naming it: a structure other than fixed
limit, a game other than Badugi, a qualifier, a carry, a dealing error (a
misdeal, a card exposed in the deal or in a draw, a hand of the wrong count),
and a hand that is not over.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from badugi.cards import CARD_TEXT, quote
from badugi.engine import FixedLimit, Hand
from badugi.engine.followed import FollowedHand, followed_about
from badugi.engine.history import DEALING_ERRORS
from badugi.errors import GameSetupError, HandHistoryError
from badugi.games import BADUGI
from badugi.histories.phh import toml
from badugi.histories.phh.actions import format_cards
from badugi.histories.phh.fields import ENGINE_FIELDS, OPTIONAL_FIELDS, REQUIRED_FIELDS, VARIANT, positions
from badugi.histories.phh.pokerkit_rules import pokerkit_difference

__all__ = ["HandOrHistory", "as_hand", "to_phh"]

#: What ``to_phh`` takes: a hand, or a history (events or JSON data).
HandOrHistory = Hand | Sequence[Mapping[str, Any]]

#: Engine events that PHH leaves to the rules (posted automatically) or does not record.
_SILENT_EVENTS = frozenset(
    {"setup", "followed", "ante", "blind", "burn", "reshuffle", "payouts", "draw_round"}
)
_OUT_OF_POSITION = {"live": "a big blind posted out of position", "dead": "a dead blind"}
_LARGEST_TOML_INT = 2**63 - 1
#: The fields of a record that PHH's own optional fields hold, with their types; others are kept as
#: user-defined fields (``_time``, ``_tournament``, ...), since PHH's ``time`` is a time of day only.
_PHH_KEPT: dict[str, type | tuple[type, ...]] = {
    "hand": int,
    "table": (str, int),
    "currency": str,
    "level": int,
}
_SHORT_BIG_BLIND = (
    "the big blind is all-in for {amount}, short of the big blind {big}: the engine still makes the bet "
    "{big} (the full blind), where PHH, as PokerKit plays it, makes it the largest blind posted, so the "
    "same calls would mean other amounts"
)


def as_hand(hand: object, what: str = "to_phh") -> Hand:
    """``hand`` as a ``Hand``: itself, or its history replayed.

    Raises:
        HandHistoryError: neither a hand nor a history the engine replays.
    """
    if isinstance(hand, Hand):
        return hand
    if isinstance(hand, (str, bytes, Mapping)) or not isinstance(hand, Sequence):
        raise HandHistoryError(f"{what} takes a Hand or its history (a list of events), got {quote(hand)}")
    if followed_about(hand) is not None:
        from badugi.histories.engine_record import follow_history  # noqa: PLC0415 - it imports this module's package

        return follow_history(hand)
    try:
        return Hand.replay(hand)
    except GameSetupError as exc:
        raise HandHistoryError(f"{what}: the history does not replay: {exc}") from None


def _refuse_setup(hand: Hand) -> None:
    if not isinstance(hand.structure, FixedLimit):
        kind = type(hand.structure).__name__
        raise HandHistoryError(f"PHH has no variant for {kind} Badugi: its Badugi ('FB') is fixed limit only")
    if hand.game is not BADUGI:
        raise HandHistoryError(f"PHH has no variant for {hand.game.name}: its only Badugi is 'FB'")
    if hand.qualifier is not None:
        raise HandHistoryError("PHH cannot say that a hand needs a qualifier to win (Hand(qualifier=...))")
    if hand.carry:
        raise HandHistoryError(
            f"PHH cannot say that {hand.carry} chips were carried into the pot from an earlier deal (carry=)"
        )
    if hand.phase != "over":
        raise HandHistoryError(
            "the hand is not over: PHH is written for hands that are over (a hand in progress is not written)"
        )


def _hidden(cards: list[str]) -> str:
    return "??" * len(cards)


def _actions(hand: Hand, player_of: dict[int, int], viewer: int | None) -> list[str]:  # noqa: PLR0912, PLR0915
    """Every action of the hand in PHH notation (one branch an event); ``??`` where ``viewer`` did not see."""

    def seen(seat: int, cards: list[str]) -> str:
        return format_cards(cards) if viewer is None or seat == viewer else _hidden(cards)

    lines: list[str] = []
    deals: dict[int, str] = {}
    draws: list[tuple[int, str, str]] = []

    def flush_draws() -> None:
        lines.extend(f"p{player_of[seat] + 1} sd {thrown}".rstrip() for seat, thrown, _ in draws)
        lines.extend(f"d dh p{player_of[seat] + 1} {received}" for seat, _, received in draws if received)
        draws.clear()

    all_in: set[int] = set()
    folded: set[int] = set()
    shown: set[int] = set()
    followed = isinstance(hand, FollowedHand)
    for item in hand.history:
        kind = item["event"]
        if item.get("all_in"):
            all_in.add(item["seat"])
        if kind == "fold":
            folded.add(item["seat"])
        if kind == "check" and all(s in all_in or s in folded for s in player_of if s != item["seat"]):
            continue  # no decision: nobody is left to bet against; PHH (as PokerKit plays it) skips the turn
        if kind in DEALING_ERRORS:
            raise HandHistoryError(f"PHH has no notation for {DEALING_ERRORS[kind]} (a {quote(kind)} event)")
        big = hand.blinds[1] if hand.blinds is not None else 0
        if kind == "blind" and item["blind"] == "big" and item["all_in"] and item["amount"] < big:
            raise HandHistoryError(_SHORT_BIG_BLIND.format(amount=item["amount"], big=big))
        if kind == "blind" and item["blind"] in _OUT_OF_POSITION:
            raise HandHistoryError(f"PHH has no notation for {_OUT_OF_POSITION[item['blind']]}")
        if kind in _SILENT_EVENTS or (kind == "showdown" and followed):
            continue
        if kind == "deal":
            deals[item["seat"]] = seen(item["seat"], list(item["cards"]))
            if len(deals) == hand.n_seats:
                lines.extend(
                    f"d dh p{k + 1} {deals[seat]}" for seat, k in sorted(player_of.items(), key=_by_p)
                )
            continue
        player = f"p{player_of[item['seat']] + 1}" if "seat" in item else ""
        if kind == "fold":
            lines.append(f"{player} f")
        elif kind in ("check", "call"):
            lines.append(f"{player} cc")
        elif kind in ("bet", "raise"):
            lines.append(f"{player} cbr {item['to']}")
        elif kind == "draw":
            draws.append(
                (
                    item["seat"],
                    seen(item["seat"], list(item["discards"])),
                    seen(item["seat"], list(item["received"])),
                )
            )
        elif kind == "round":
            flush_draws()
        elif kind in ("show", "muck"):
            flush_draws()
            if item["seat"] in shown:
                continue  # a hand shown after the pots were paid: PHH shows or mucks a hand once
            shown.add(item["seat"])
            cards = format_cards(list(item["cards"])) if kind == "show" else ""
            lines.append(f"p{player_of[item['seat']] + 1} sm {cards}".rstrip())
        elif kind == "forfeit":
            raise HandHistoryError(
                "PHH has no notation for an all-in hand given up out of turn (a sitting-out seat's fold)"
            )
        elif kind == "showdown":
            flush_draws()
            for seat in item["order"]:
                lines.append(f"p{player_of[seat] + 1} sm {format_cards(list(item['hands'][str(seat)]))}")
        else:  # pragma: no cover - every event the engine records is named above
            raise HandHistoryError(f"PHH has no notation for the engine's {quote(kind)} event")
    flush_draws()
    return lines


def _by_p(pair: tuple[int, int]) -> int:
    return pair[1]


def _extra_fields(fields: object, written: set[str]) -> dict[str, Any]:
    if fields is None:
        return {}
    if not isinstance(fields, Mapping):
        raise HandHistoryError(f"fields must be a mapping of PHH field names to values, got {quote(fields)}")
    extra: dict[str, Any] = {}
    for key, value in fields.items():
        if not isinstance(key, str):
            raise HandHistoryError(f"a field name is a string, got {quote(key)}")
        if key in REQUIRED_FIELDS or key in ENGINE_FIELDS or key in written:
            raise HandHistoryError(f"the field {quote(key)} is written from the hand itself, not given")
        if key not in OPTIONAL_FIELDS and not key.startswith("_"):
            raise HandHistoryError(
                f"{quote(key)} is not a PHH field: use one of the standard's optional fields, "
                "or a user-defined field (its name starting with '_')"
            )
        try:
            toml.dumps_value(value)
        except TypeError:
            raise HandHistoryError(
                f"the field {quote(key)} holds {quote(value)}: PHH fields written here are strings, ints, "
                "bools, finite floats, or lists of them"
            ) from None
        extra[key] = value
    return extra


def to_phh(
    hand: HandOrHistory,
    *,
    fields: Mapping[str, Any] | None = None,
    viewer: int | None = None,
    unlike_pokerkit: bool = False,
) -> str:
    """One complete hand of fixed-limit Badugi as PHH text (TOML).

    Args:
        hand: a ``Hand`` that is over, or its ``history`` (events, or the same
            as JSON data: it is replayed, so a damaged history is refused).
        fields: more PHH fields to write: the standard's optional fields
            (``players``, ``hand``, ``table``, ``event``, ``time``, ...) or
            user-defined ones (named with a leading ``_``). Each is a string,
            an int, a bool, a finite float, or a list of them.
        viewer: an engine seat: write the hand as that seat saw it, every
            card it did not see ``??`` (the other seats' deals and draws; the
            hands shown at the showdown are seen), and without the engine's
            deck and seed, which would tell them. None (the default): every card.
        unlike_pokerkit: write a hand that PokerKit would play otherwise (see
            below) anyway, the rule where the two part named in the
            user-defined field ``_unlike_pokerkit``. False (the default):
            such a hand is refused.

    Every hand written loads in PokerKit (0.7.7) and reaches the engine's
    finishing stacks there: the hand is replayed by PokerKit's rules where
    they differ from the engine's (a short all-in, a bet nobody can call, the
    cap, equal blinds heads-up, an odd chip of merged side pots), and one that
    would part is refused, naming the rule, unless ``unlike_pokerkit``. PHH has
    no rake: a room's raked hand reaches the engine's stacks with its rake
    (``_rake``) paid to the winners.

    The players are in PHH's position order (``p1`` left of the button, the
    button last), ``seats`` gives each one's engine seat (from 1), and the
    engine's seed, deck, burn rule and cap are kept as user-defined fields.

    Raises:
        HandHistoryError: not a hand or history, a hand PHH cannot express
            (pot limit, half-pot limit, Badeucy or Badacey, a qualifier, a
            carry, a misdeal or a card exposed by the dealer), a hand that is
            not over, ``fields`` that are not PHH fields, or (without
            ``unlike_pokerkit``) a hand PokerKit would play otherwise.
    """
    played = as_hand(hand)
    _refuse_setup(played)
    setup = played.setup
    structure = setup.structure
    assert isinstance(structure, FixedLimit)  # _refuse_setup checked it
    seats, button = setup.seats, setup.button
    order = positions(seats, button)
    player_of = {seat: k for k, seat in enumerate(order)}
    blinds = [0] * seats
    if setup.blinds is not None:
        blinds[0], blinds[1] = setup.blinds  # heads-up too: PHH reverses them there, as the engine posts them
    values: dict[str, Any] = {
        "variant": VARIANT,
        "antes": [setup.ante] * seats,
        "blinds_or_straddles": blinds,
        "small_bet": structure.small_bet,
        "big_bet": structure.big_bet,
        "starting_stacks": [setup.stacks[seat] for seat in order],
        "actions": _actions(played, player_of, _viewer(viewer, seats)),
        # The antes count in the side pots, as the engine plays them (PokerKit's default,
        # false, puts every ante in the main pot, a short-stacked ante's player eligible for all).
        "ante_trimming_status": True,
        "seats": [seat + 1 for seat in order],
        "seat_count": seats,
        "finishing_stacks": [played.stacks[seat] for seat in order],
        # PHH's winnings: the pots each player collected, after the rake, without its uncalled bets.
        "winnings": _winnings(played, order),
        "_seed": setup.seed if setup.seed <= _LARGEST_TOML_INT else str(setup.seed),
        "_deck": "".join(CARD_TEXT[card] for card in setup.deck),
        "_burn": setup.burn,
    }
    if viewer is not None or isinstance(played, FollowedHand):
        for key in ("_seed", "_deck", "_burn"):
            del values[key]
    if isinstance(played, FollowedHand):
        _check_posts(played)
        values.update(_followed_fields(played, order, fields))
    if structure.cap != 4:
        values["_cap"] = "none" if structure.cap is None else structure.cap
    if structure.uncapped_heads_up:
        values["_uncapped_heads_up"] = True
    _check_pokerkit(values, played, unlike_pokerkit)
    values.update(_extra_fields(fields, set(values)))
    return dumps_fields(values)


def _check_pokerkit(values: dict[str, Any], hand: Hand, unlike_pokerkit: object) -> None:
    """Refuse a hand PokerKit would play otherwise, or (``unlike_pokerkit``) name the rule in a field."""
    if type(unlike_pokerkit) is not bool:
        raise HandHistoryError(f"unlike_pokerkit must be True or False, got {quote(unlike_pokerkit)}")
    difference = pokerkit_difference(values, rake=hand.rake if isinstance(hand, FollowedHand) else 0)
    if difference is None:
        return
    if not unlike_pokerkit:
        raise HandHistoryError(
            f"PokerKit would play this hand otherwise, by {difference}; "
            "to_phh(..., unlike_pokerkit=True) writes it anyway, the rule named in _unlike_pokerkit"
        )
    values["_unlike_pokerkit"] = str(difference)


def _check_posts(hand: FollowedHand) -> None:
    """PHH states the antes and blinds by position only: a followed hand's posts must be those."""
    from badugi.histories.phh.record import implied_posts  # noqa: PLC0415 - it imports this module's package

    setup = hand.setup
    implied = [
        (step.kind.removesuffix("_blind"), step.seat, step.amount)
        for step in implied_posts(setup.stacks, setup.button, setup.blinds, setup.ante)
    ]
    posted = [
        (item.get("blind", "ante"), item["seat"], item["amount"])
        for item in hand.history
        if item["event"] in ("ante", "blind")
    ]
    # A post of no chips (a seat all in on its ante, where the table's small blind is 0) puts nothing
    # in and changes no position: the engine that deals the PHH hand posts it, or not, alike.
    if sorted(p for p in posted if p[2]) != sorted(p for p in implied if p[2]):
        raise HandHistoryError(
            "PHH states the antes and blinds by position only, and this hand's posts are not those "
            f"(a blind missed or posted out of its seat): {posted}"
        )


def _followed_fields(hand: FollowedHand, order: list[int], fields: object) -> dict[str, Any]:
    """What a followed hand's record said about the table, as PHH fields (those the caller did not give)."""
    about = followed_about(hand.history) or {}
    given = set(fields) if isinstance(fields, Mapping) else set()
    out: dict[str, Any] = {}
    names = about.get("names")
    if names and "players" not in given:
        out["players"] = [str(names[seat]) for seat in order]
    for key, value in (about.get("fields") or {}).items():
        name = key if key in _PHH_KEPT and isinstance(value, _PHH_KEPT[key]) else f"_{key}"
        if name not in given and isinstance(value, (str, int, bool)):
            out[name] = value
    if hand.rake:
        out["_rake"] = hand.rake
        result = hand.result
        assert result is not None
        out["_returned"] = [result.returned[seat] for seat in order]
    shown = _shown_later(hand, order)
    if shown:
        out["_shown_cards"] = shown
    return out


def _winnings(hand: Hand, order: list[int]) -> list[int]:
    """What each player collected from the pots (PHH's ``winnings``), in PHH's player order."""
    result = hand.result
    assert result is not None  # _refuse_setup checked that the hand is over
    paid = hand.payouts or [0] * hand.n_seats
    return [paid[seat] - result.returned[seat] for seat in order]


def _shown_later(hand: FollowedHand, order: list[int]) -> list[str]:
    """The hands a record shows once they are out of play (a summary's ``mucked [...]``), one a player.

    PHH shows or mucks a hand once (``sm``), and a shown hand plays at the
    showdown: a folded or mucked hand the record tells later has no notation,
    so it is the user field ``_shown_cards`` ("" for a player not shown).
    """
    told: dict[int, list[str]] = {}
    for item in hand.history:
        if item["event"] == "show" and not item.get("played"):
            told[item["seat"]] = list(item["cards"])
    return [format_cards(told[seat]) if seat in told else "" for seat in order] if told else []


def _viewer(viewer: object, seats: int) -> int | None:
    if viewer is None:
        return None
    if isinstance(viewer, bool) or not isinstance(viewer, int) or not 0 <= viewer < seats:
        raise HandHistoryError(
            f"viewer must be a seat of the hand (0..{seats - 1}) or None, got {quote(viewer)}"
        )
    return viewer


def dumps_fields(values: Mapping[str, Any]) -> str:
    """Fields as TOML lines; the actions one a line, as PHH files are usually laid out."""
    lines = []
    for key, value in values.items():
        if key == "actions":
            inner = "".join(f"  {toml.dumps_value(action)},\n" for action in value)
            lines.append(f"actions = [\n{inner}]")
        else:
            lines.append(f"{toml.dumps_key(key)} = {toml.dumps_value(value)}")
    return "\n".join(lines) + "\n"
