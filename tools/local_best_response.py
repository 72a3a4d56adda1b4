"""A local best response (Lisý and Bowling, 2017) against bot kinds: a lower bound on how exploitable each is.

LBR plays heads-up against a bot at the solve's stakes (blinds 1 and 2, bets 2
and 4, stacks of 200) and, at each of its betting turns, looks one decision
ahead against the bot's *range*: the hands the bot may hold, weighed by how
likely the bot's own play made each of them.

- **The range** is a cloud of particles, each a hand the bot may have been dealt
  (never one of LBR's cards), carried through the bot's draws. At each bot
  decision every particle is weighed by the bot's probability of the action it
  took, asked of the bot itself with the particle's cards put in its view
  (``advice`` where a bot has one, else its deterministic choice, kept at
  probability ``--slack`` when it differs, so that no range dies out); at each
  bot draw of ``k`` cards a particle throws ``k`` cards as the bot would (its
  probabilities over those draws), and gets ``k`` cards at random from the
  cards LBR has not seen.
- **Its choice**, as in the paper: the chance ``w`` of winning at a showdown
  (each particle's hand and LBR's drawn out to the end, both keeping the cards
  that count and throwing the rest, one rollout a particle), and the share
  ``f`` of the range that folds to a raise (the bot asked at the state after
  LBR's raise). Folding is worth 0, calling ``w * (pot + owed) - owed``,
  raising ``f * pot + (1 - f) * (w * (pot + owed + 2r) - (owed + r))``, each
  as if the hand were checked down after it; LBR takes the largest.
  It draws by ``badugi.best_discard``, as DrawBot does.

What LBR wins is a lower bound on the bot's exploitability (what a best
response would win), whatever heuristics choose its actions: it is a strategy,
and its winnings are measured by playing. Each deal is played twice, LBR in
each seat; every bot kind faces the same deals in the same run.

    python tools/local_best_response.py --bots solver,draw --hands 4000 --workers 2
"""

from __future__ import annotations

import argparse
import functools
import json
import math
import multiprocessing
import os
import random
import sys
import time
from pathlib import Path
from typing import Any

from tqdm import tqdm

from badugi import best_discard, rank
from badugi.cards import CARD_TEXT
from badugi.engine import BOTS, FixedLimit, Hand, SeatView, view_of
from badugi.engine.reading import read_hand
from badugi.games import BADUGI
from badugi.review.ranges import Particle, kind_of, with_cards

BIG_BET = 4
STACK = 200
CHUNK = 20  # deals a task plays


def policy_of(bot: Any, view: SeatView) -> dict[Any, float]:
    """The bot's probability of each action at ``view``."""
    advice = bot.advice(view) if hasattr(bot, "advice") else None
    if advice is not None:
        return dict(advice)
    action = bot(view)
    if isinstance(action, (tuple, list)) and action[0] == "draw":
        action = ("draw", tuple(action[1]))  # a deterministic bot's draw, as a key
    return {action: 1.0}


class Range:
    """The bot's hands as LBR believes them: particles over the cards LBR has not seen."""

    def __init__(self, bot: Any, mine: list[str], size: int, slack: float, rng: random.Random) -> None:
        self.bot, self.slack, self.rng = bot, slack, rng
        self.seen = set(mine)  # every card LBR held or was dealt
        unseen = [card for card in CARD_TEXT if card not in self.seen]
        self.particles = []
        for _ in range(size):
            dealt = tuple(rng.sample(unseen, 4))
            self.particles.append(Particle(dealt, list(dealt)))

    def saw(self, cards: list[str] | tuple[str, ...]) -> None:
        """LBR holds ``cards`` now: no particle draws them."""
        self.seen.update(cards)

    def update(self, view: SeatView, action: Any) -> None:
        """Weigh every particle by the bot's probability of ``action``; carry it through a draw."""
        taken = kind_of(action)
        for particle in self.particles:
            policy = policy_of(self.bot, with_cards(view, particle))
            if isinstance(taken, tuple):  # a draw of taken[1] cards
                self._draw(particle, policy, taken[1])
                continue
            share = sum(p for a, p in policy.items() if kind_of(a) == taken)
            particle.weight *= max(share, self.slack)
        self._renormalise()

    def _draw(self, particle: Particle, policy: dict[Any, float], count: int) -> None:
        throws = [(a[1], p) for a, p in policy.items() if kind_of(a) == ("draw", count)]
        share = sum(p for _, p in throws)
        particle.weight *= max(share, self.slack)
        if throws:
            pick = self.rng.random() * share
            thrown = throws[-1][0]
            for cards, p in throws:
                pick -= p
                if pick < 0:
                    thrown = cards
                    break
        else:
            thrown = tuple(self.rng.sample(particle.hand, count))
        blocked = self.seen | set(particle.hand) | {c for t, _ in particle.draws for c in t}
        got = tuple(self.rng.sample([c for c in CARD_TEXT if c not in blocked], count))
        particle.draws.append((tuple(thrown), got))
        particle.hand = [c for c in particle.hand if c not in thrown] + list(got)

    def _renormalise(self) -> None:
        total = sum(p.weight for p in self.particles)
        for particle in self.particles:
            particle.weight = particle.weight / total if total > 0 else 1.0 / len(self.particles)


def keep_counting(hand: list[str]) -> list[str]:
    """The cards that count (SimpleBot's draw): what a rollout keeps."""
    return list(_kept(tuple(sorted(hand))))


@functools.lru_cache(maxsize=1 << 18)
def _kept(hand: tuple[str, ...]) -> tuple[str, ...]:
    throw = set(read_hand(BADUGI, hand).throw)
    return tuple(card for card in hand if card not in throw)


def win_chance(mine: list[str], draws_to_come: int, particles: list[Particle], rng: random.Random) -> float:
    """LBR's chance of winning a check-down against the range: one rollout a particle."""
    won = 0.0
    for particle in particles:
        ours, theirs = list(mine), list(particle.hand)
        if draws_to_come:
            dead = set(ours) | set(theirs)
            stub = [c for c in CARD_TEXT if c not in dead]
            rng.shuffle(stub)
            for _ in range(draws_to_come):
                for held in (ours, theirs):
                    kept = keep_counting(held)
                    while len(kept) < 4:
                        kept.append(stub.pop())
                    held[:] = kept
        a, b = rank(ours), rank(theirs)
        won += particle.weight * (1.0 if a < b else 0.5 if a == b else 0.0)
    return won


def fold_share(hand: Hand, bot_seat: int, raise_to: int, particles: list[Particle], bot: Any) -> float:
    """The range's share that folds to LBR's raise to ``raise_to``."""
    after = Hand.replay(hand.history)
    after.raise_to(raise_to)
    if after.actor != bot_seat:
        return 0.0
    view = view_of(after, bot_seat)
    return sum(p.weight * policy_of(bot, with_cards(view, p)).get("fold", 0.0) for p in particles)


def lbr_bet(hand: Hand, view: SeatView, bot_seat: int, belief: Range, rng: random.Random) -> Any:
    """LBR's bet: the action worth most if the hand were checked down after it."""
    bot = belief.bot
    legal = view.legal
    draws_to_come = view.draws_left
    w = win_chance(list(view.cards), draws_to_come, belief.particles, rng)
    owed = legal.call_amount if legal.call else 0
    pot = view.pot
    values: dict[Any, float] = {("call" if legal.call else "check"): w * (pot + owed) - owed}
    if legal.call:
        values["fold"] = 0.0
    if legal.min_raise_to is not None:
        r = legal.min_raise_to - view.bets[view.seat] - owed
        f = fold_share(hand, bot_seat, legal.min_raise_to, belief.particles, bot)
        values[("raise", legal.min_raise_to)] = f * pot + (1 - f) * (w * (pot + owed + 2 * r) - (owed + r))
    return max(values, key=lambda action: values[action])


def play_lbr(bot: Any, lbr_seat: int, seed: int, size: int, slack: float) -> int:
    """One hand of LBR at ``lbr_seat`` against ``bot``: LBR's chips won."""
    rng = random.Random(seed)
    hand = Hand([STACK, STACK], 1, FixedLimit(2, 4), blinds=(1, 2), seed=seed)
    bot_seat = 1 - lbr_seat
    belief = Range(bot, list(hand.hands[lbr_seat]), size, slack, rng)
    while hand.actor is not None:
        seat = hand.actor
        view = view_of(hand, seat)
        if seat == bot_seat:
            action = bot(view)
            belief.update(view, action)
        elif view.legal.draw:
            seen = sorted(belief.seen - set(view.cards))
            action = ("draw", list(best_discard(view.cards, draws=view.draws_left + 1, dead=seen).discard))
        else:
            action = lbr_bet(hand, view, bot_seat, belief, rng)
        hand.act(action)
        belief.saw(hand.hands[lbr_seat])
    payouts = hand.payouts
    assert payouts is not None
    return payouts[lbr_seat] - hand.contributions[lbr_seat]


def play_chunk(task: tuple[str, int, int, int, float]) -> tuple[str, int, float, float]:
    kind, seed, start, size, slack = task
    bot = BOTS[kind].make(seed=seed * 2**32 + start)
    total = squares = 0.0
    for deal in range(start, start + CHUNK):
        won = sum(play_lbr(bot, seat, seed * 2**40 + deal, size, slack) for seat in (0, 1)) / 2
        total += won
        squares += won * won
    return kind, CHUNK, total, squares


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bots", default="solver,draw", help="bot kinds to measure, comma-separated")
    parser.add_argument("--hands", type=int, default=2000, help="hands against each bot (deals times two)")
    parser.add_argument("--particles", type=int, default=200, help="hands in LBR's picture of the range")
    parser.add_argument("--slack", type=float, default=0.02, help="a deterministic bot's other actions")
    parser.add_argument("--seed", type=int, default=17)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--json", type=Path, help="append each result, as a JSON line, to this file")
    args = parser.parse_args()
    kinds = args.bots.split(",")
    for kind in kinds:
        if kind not in BOTS:
            parser.error(f"unknown bot {kind!r}; choose from {', '.join(BOTS)}")
    deals = max(CHUNK, args.hands // 2 // CHUNK * CHUNK)
    # The kinds' chunks interleave, so that each meets the machine's load alike.
    jobs = [
        (kind, args.seed, start, args.particles, args.slack)
        for start in range(0, deals, CHUNK)
        for kind in kinds
    ]
    sums = {kind: [0, 0.0, 0.0] for kind in kinds}
    started = time.perf_counter()
    with (
        multiprocessing.Pool(args.workers) as pool,
        tqdm(total=len(jobs) * CHUNK, unit="deal", file=sys.stderr) as bar,
    ):
        for kind, done, total, squares in pool.imap_unordered(play_chunk, jobs):
            sums[kind][0] += done
            sums[kind][1] += total
            sums[kind][2] += squares
            bar.update(done)
    for kind, (count, total, squares) in sums.items():
        mean = total / count
        spread = math.sqrt(max(squares / count - mean * mean, 0.0) / max(count - 1, 1))
        result = {
            "bot": kind,
            "hands": 2 * count,
            "lbr_mbb_per_hand": 1000 * mean / BIG_BET,
            "interval_95": 1000 * 1.96 * spread / BIG_BET,
            "particles": args.particles,
            "slack": args.slack,
            "seed": args.seed,
            "seconds": round(time.perf_counter() - started, 1),
        }
        print(
            f"LBR against {kind}: {result['lbr_mbb_per_hand']:+.1f} ± {result['interval_95']:.1f} mbb/hand "
            f"over {result['hands']:,} hands"
        )
        if args.json:
            with open(args.json, "a", encoding="utf-8") as handle:
                handle.write(json.dumps(result) + "\n")


if __name__ == "__main__":
    main()
