"""The hands an unseen opponent may hold, as the strategy's own play of them says: a cloud of particles.

Where a file hides the opponent's cards, its equity is counted against its
*range*: the hands it may hold, weighed by how likely the solved strategy was to
play each of them as the opponent played. Each particle is a hand the opponent
may have been dealt (never one of the cards the reviewed seat held), carried
through the opponent's draws:

* at each of the opponent's bets the particle's weight is multiplied by the
  strategy's probability of the action taken, asked of the strategy with the
  particle's cards put in the opponent's view (a floor of ``SLACK`` keeps a
  range alive when the opponent plays what the strategy never would);
* at each of its draws of ``k`` cards the particle throws ``k`` cards as the
  strategy would (its probabilities over the draws of that many), and gets
  ``k`` cards at random from those the reviewed seat has not seen.

The same particles, at the same weights, are what a local best response
(``tools/local_best_response.py``) plays against. Where the strategy has no answer
(not heads-up, other stakes), there is no range and the equity is against a
random hand.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from badugi.cards import CARD_TEXT
from badugi.engine import SeatView
from badugi.engine._checks import as_count, as_int, short_repr
from badugi.engine.history import Event, event
from badugi.errors import GameSetupError
from badugi.review.advice import Action, Advisor, checked_advice

__all__ = ["MOST_PARTICLES", "PARTICLES", "SLACK", "Particle", "Range", "kind_of", "with_cards"]

#: Particles in a range.
PARTICLES = 200
#: The most particles a range holds.
MOST_PARTICLES = 100_000
#: The least a particle's weight is multiplied by at an action: the strategy's probability, or this.
SLACK = 1e-3


@dataclass
class Particle:
    """A hand the opponent may hold: as dealt, its draws so far (thrown, got), and its weight."""

    dealt: tuple[str, ...]
    hand: list[str]
    draws: list[tuple[tuple[str, ...], tuple[str, ...]]] = field(default_factory=list)
    weight: float = 1.0


def kind_of(action: Action) -> Any:
    """An action as a range compares it: "fold", "call" (a check too), "raise" (a bet too), a draw's count.

    A draw is ``("draw", count)``.
    """
    if isinstance(action, (tuple, list)) and action[0] == "draw":
        return ("draw", len(action[1]))
    if isinstance(action, (tuple, list)):
        return "raise"
    return "call" if action == "check" else action


def with_cards(view: SeatView, particle: Particle) -> SeatView:
    """``view`` of the opponent's seat with the particle's cards, dealt and drawn, in place of its own."""
    seat = view.seat
    draws = iter(particle.draws)
    history: list[Event] = []
    for item in view.history:
        mine = item.get("seat") == seat
        if mine and item.get("event") == "deal":
            history.append(event("deal", seat=seat, cards=particle.dealt))
        elif mine and item.get("event") == "draw":
            thrown, got = next(draws, ((), ()))
            history.append(
                event("draw", seat=seat, count=len(thrown), exposed=0, discards=thrown, received=got)
            )
        else:
            history.append(item)
    fields = {name: getattr(view, name) for name in view.__dataclass_fields__}
    fields.update(cards=tuple(particle.hand), history=tuple(history))
    return SeatView(**fields)


_CARDS = frozenset(CARD_TEXT)


def _cards(value: object, name: str) -> list[str]:
    """``value`` as a list of at most 48 distinct card texts, or the error naming ``name``."""
    problem = GameSetupError(
        f"{name} must be at most 48 distinct cards such as 'As', got {short_repr(value)}"
    )
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise problem
    cards = list(value)
    if (
        len(cards) > 48
        or len(set(map(str, cards))) != len(cards)
        or not all(isinstance(card, str) and card in _CARDS for card in cards)
    ):
        raise problem
    return cards


class Range:
    """An opponent's hands as the strategy's play says, from what one seat saw.

    Args:
        advisor: the strategy (``badugi.review.advice``).
        seen: the reviewed seat's cards as dealt: no particle holds one.
        size: particles.
        seed: their random stream.

    Raises:
        badugi.errors.GameSetupError: an argument of the wrong type or out of range, named.
    """

    def __init__(
        self, advisor: Advisor, seen: Iterable[str], *, size: int = PARTICLES, seed: int = 0
    ) -> None:
        if not callable(advisor):
            raise GameSetupError(f"the advisor must be callable, got {short_repr(advisor)}")
        if as_count(size, 1, MOST_PARTICLES) is None:
            raise GameSetupError(f"size must be an int from 1 to {MOST_PARTICLES:,}, got {short_repr(size)}")
        if type(seed) is not int:
            raise GameSetupError(f"seed must be an int, got {short_repr(seed)}")
        cards = _cards(seen, "seen")
        self.advisor = advisor
        self.rng = random.Random(seed)
        self.seen = set(cards)
        self.actions = 0  # the opponent's actions weighed so far
        unseen = [card for card in CARD_TEXT if card not in self.seen]
        self.particles = [
            Particle(dealt, list(dealt)) for dealt in (tuple(self.rng.sample(unseen, 4)) for _ in range(size))
        ]

    def saw(self, cards: Iterable[str]) -> None:
        """The reviewed seat holds ``cards`` now: a particle that ever held one of them is impossible.

        Heads-up the deck never runs out, so a card the seat was dealt was never the opponent's,
        not even one it threw before.

        Raises:
            badugi.errors.GameSetupError: ``cards`` are not cards.
        """
        new = set(_cards(cards, "cards")) - self.seen
        self.seen.update(new)
        for particle in self.particles:
            if new.intersection(particle.dealt) or any(new.intersection(got) for _, got in particle.draws):
                particle.weight = 0.0
        self._renormalise()

    def update(self, view: SeatView, action: Action) -> bool:
        """The opponent took ``action`` at ``view``: weigh and carry every particle; True if it could.

        False, and the range unchanged, where the strategy has no answer there.

        Raises:
            badugi.errors.GameSetupError: ``view`` is not a SeatView.
            badugi.errors.HandHistoryError: the advisor's answer is not advice.
        """
        if not isinstance(view, SeatView):
            raise GameSetupError(f"view must be a SeatView, got {short_repr(view)}")
        taken = kind_of(action)
        policies = []
        for particle in self.particles:
            advice = checked_advice(self.advisor(with_cards(view, particle)))
            if advice is None:
                return False
            policies.append(advice)
        for particle, advice in zip(self.particles, policies, strict=True):
            if isinstance(taken, tuple):  # a draw of taken[1] cards
                self._draw(particle, advice, taken[1])
            else:
                share = sum(chance for act, chance in advice if kind_of(act) == taken)
                particle.weight *= max(share, SLACK)
        self._renormalise()
        self.actions += 1
        return True

    def hands(self, count: int, seed: int | None = None) -> list[Particle]:
        """``count`` particles drawn by weight (with replacement).

        ``seed`` draws them from a stream of their own, leaving the range's untouched: what one
        use of the range draws then changes nothing another draws. None draws from the range's.
        The particles are the range's own (one drawn twice is there twice): read them, do not
        change them; the range changes them as the hand goes on.

        Raises:
            badugi.errors.GameSetupError: ``count`` not an int from 1 to ``MOST_PARTICLES``, a
                ``seed`` not an int or None.
        """
        if as_count(count, 1, MOST_PARTICLES) is None:
            raise GameSetupError(
                f"count must be an int from 1 to {MOST_PARTICLES:,}, got {short_repr(count)}"
            )
        if seed is not None and as_int(seed) is None:
            raise GameSetupError(f"seed must be an int or None, got {short_repr(seed)}")
        rng = self.rng if seed is None else random.Random(f"range-hands-{seed}")
        return rng.choices(self.particles, weights=[p.weight for p in self.particles], k=count)

    def _draw(self, particle: Particle, advice: Iterable[tuple[Action, float]], count: int) -> None:
        throws = [(tuple(act[1]), chance) for act, chance in advice if kind_of(act) == ("draw", count)]
        share = sum(chance for _, chance in throws)
        particle.weight *= max(share, SLACK)
        if share > 0:
            thrown = self.rng.choices([cards for cards, _ in throws], weights=[c for _, c in throws])[0]
        else:
            thrown = tuple(self.rng.sample(particle.hand, count))
        blocked = self.seen | set(particle.hand) | {card for out, _ in particle.draws for card in out}
        got = tuple(self.rng.sample([card for card in CARD_TEXT if card not in blocked], count))
        particle.draws.append((thrown, got))
        particle.hand = [card for card in particle.hand if card not in thrown] + list(got)

    def _renormalise(self) -> None:
        total = sum(particle.weight for particle in self.particles)
        for particle in self.particles:
            particle.weight = particle.weight / total if total > 0 else 1.0 / len(self.particles)
