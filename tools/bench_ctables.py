"""Microseconds per action: ``engine.Tables`` (C) against ``engine.Hand`` (Python), one core, one run.

    python tools/bench_ctables.py [--players 6] [--tables 4096] [--steps 200] [--hands 300] [--game badugi]
    python tools/bench_ctables.py --legal-step-only [--rounds 5]

``--legal-step-only`` prints only Hand's action against ``Tables``' ``legal()`` and
``step()`` with the caller's choice left out, each timed in the same round, and the
median of the rounds' ratios.

Both play fixed-limit hands (FixedLimit(2, 4), blinds 1-2, stacks 200) with
actions drawn uniformly from the legal ones, the same rule for both: for
``Hand``, one of fold, check or call and (when allowed) raise, or one of the
2**hand_size discard masks at a draw. ``Tables`` is timed twice: ``step``
alone (the actions drawn beforehand from each turn's mask would need the
mask, so the loop asks ``legal()`` and draws with numpy, and that whole loop
is the second figure). Each figure is the best of ``--repeat`` runs, in CPU time
(``time.process_time``: the machine is shared, and wall time counts the others).
OpenBLAS is held to one thread (``OPENBLAS_NUM_THREADS=1``, before numpy loads):
its idle workers spin, and process time counts them, though nothing here calls BLAS.

PokerKit 0.7.7, if installed (the ``bench`` extra), plays six seats of its
``FixedLimitBadugi`` by ``tests/bench/random_hands.py``'s random policy (the hand
gate's: it never folds when checking is free, which PokerKit refuses), timed per
action in the same run.

The floor, in the same run: the library's own C Monte Carlo
(``badugi.equity.equity``, one thread, "table" discards) dealing the same
number of seats, drawing three times and ranking every hand, with no betting:
what dealing and ranking a hand costs in C with nothing else. ``Tables`` is
compared with it per hand (its hands end when every seat but one folds, or
at the showdown).

The floor shuffles with a cheap generator, as ``Tables`` does by default
(``deal="fast"``). ``Tables(deal="hand")`` deals exactly the cards
``Hand(seed=s)`` deals, so each hand seeds Python's generator (SHA-512 and
MT19937's init_by_array over 624 words) and shuffles with it, as CPython does;
it is timed too, against that deal alone added to the floor: ``csrc/engine/rng.c``
compiled with ``cc -O2`` into a loop that seeds and shuffles one deck a hand,
nothing else (it needs a C compiler, and the generated rank tables the header
includes, made afresh in a temporary folder).
"""

from __future__ import annotations

import argparse
import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # before numpy: see the docstring

import random
import runpy
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

import numpy as np

from badugi.engine import FixedLimit, Hand
from badugi.engine.game_settings import game_named
from badugi.engine.tables import Deal, Tables
from badugi.equity import equity


def hand_us_per_action(players: int, hands: int, game: str, seed: int) -> float:
    """Random legal play of ``hands`` hands through ``Hand``: microseconds per action."""
    rng = random.Random(seed)
    actions = 0
    size = game_named(game).hand_size
    start = time.process_time()
    for number in range(hands):
        hand = Hand(
            [200] * players, number % players, FixedLimit(2, 4), blinds=(1, 2), seed=seed + number, game=game
        )
        while hand.phase != "over":
            legal = hand.legal()
            if legal.draw:
                cards = sorted(hand.hands[hand.actor])
                mask = rng.randrange(1 << size)
                hand.draw([card for i, card in enumerate(cards) if mask >> i & 1])
            else:
                choices = ["fold", "call" if legal.call else "check"]
                if legal.min_raise_to is not None:
                    choices.append("raise")
                hand.act(rng.choice(choices))
            actions += 1
    return (time.process_time() - start) * 1e6 / actions


def tables_us_per_action(
    players: int, count: int, steps: int, game: str, seed: int, *, deal: Deal = "fast", reuse: bool = True
) -> tuple[float, float, float, float]:
    """Microseconds an action over ``count`` tables: step, legal + step, legal + draw + step; actions a hand.

    The second leaves out only the caller's choice (numpy drawing an action from the mask).
    """
    tables = Tables(
        count, players, FixedLimit(2, 4), blinds=(1, 2), stacks=200, seed=seed, game=game, deal=deal
    )
    rng = np.random.default_rng(seed)
    stepping = asking = 0.0
    hands = 0
    mask = np.empty((count, tables.actions), dtype=bool)  # legal(out=) refills it every step
    start = time.process_time()
    for _ in range(steps):
        began = time.process_time()
        mask = tables.legal(mask) if reuse else tables.legal()
        asking += time.process_time() - began
        acts = np.argmax(np.where(mask, rng.random(mask.shape), -1.0), axis=1)
        began = time.process_time()
        _, done = tables.step(acts)
        stepping += time.process_time() - began
        hands += int(done.sum())
    whole = time.process_time() - start
    actions = steps * count
    per_action = 1e6 / actions
    asked = asking + stepping
    return stepping * per_action, asked * per_action, whole * per_action, actions / max(hands, 1)


def pokerkit_us_per_action(hands: int, repeat: int) -> float | None:
    """PokerKit's microseconds an action over ``hands`` six-seat hands (random_hands.py), or None."""
    try:
        import pokerkit  # noqa: PLC0415 - optional, benchmark-only
    except ImportError:
        return None
    play = runpy.run_path(str(ROOT / "tests" / "bench" / "random_hands.py"))["pokerkit_hands"]
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        actions = play(pokerkit, hands)
        best = min(best, (time.process_time() - start) * 1e6 / actions)
    return best


def floor_us_per_hand(players: int, game: str, samples: int, seed: int) -> float:
    """The C Monte Carlo's microseconds a deal: ``players`` hands dealt, three draws, every hand ranked."""
    start = time.process_time()
    equity([[]] * players, draws=3, strategy="table", samples=samples, seed=seed, threads=1, game=game)
    return (time.process_time() - start) * 1e6 / samples


ROOT = Path(__file__).resolve().parent.parent
_DEAL_LOOP = r"""
#include <stdio.h>
#include <time.h>
#include "engine/rng.h"
int main(void)
{
    const int hands = 200000;
    tb_mt base, m;
    tb_mt_base(&base);
    uint8_t order[52];
    unsigned checksum = 0;
    clock_t start = clock();
    for (int h = 0; h < hands; h++) {
        tb_rng_seed(&m, &base, "badugi-deal-", 0x9e3779b97f4a7c15ULL * (uint64_t)h >> 1);
        for (int i = 0; i < 52; i++) {
            order[i] = (uint8_t)i;
        }
        tb_shuffle(order, 52, &m);
        checksum += order[0];
    }
    printf("%.4f %u\n", (double)(clock() - start) / CLOCKS_PER_SEC * 1e6 / hands, checksum);
    return 0;
}
"""


def deal_us_per_hand(repeat: int) -> float:
    """Tables' own seeding and shuffle of one deck (csrc/engine/rng.c), alone: microseconds a hand."""
    with tempfile.TemporaryDirectory() as folder:
        generated = Path(folder)
        runpy.run_path(str(ROOT / "tools" / "gen_table.py"))["main"]([str(generated)])
        (generated / "deal_loop.c").write_text(_DEAL_LOOP)
        program = generated / "deal_loop"
        compiler = os.environ.get("CC", "cc")
        subprocess.run(
            [
                compiler,
                "-O2",
                f"-I{ROOT / 'csrc'}",
                f"-I{generated}",
                str(generated / "deal_loop.c"),
                str(ROOT / "csrc" / "engine" / "rng.c"),
                "-o",
                str(program),
            ],
            check=True,
        )
        runs = [
            subprocess.run([str(program)], check=True, capture_output=True, text=True) for _ in range(repeat)
        ]
        return min(float(run.stdout.split()[0]) for run in runs)


def legal_step_ratios(args: argparse.Namespace) -> list[float]:
    """Hand's action over Tables' (legal + step, the choice left out): a ratio a round, both timed in it."""
    ratios = []
    for number in range(args.rounds):
        hand = hand_us_per_action(args.players, args.hands, args.game, args.seed + number)
        tables = tables_us_per_action(
            args.players, args.tables, args.steps, args.game, args.seed + number, reuse=not args.fresh_mask
        )[1]
        ratios.append(hand / tables)
    return ratios


def print_legal_step_ratios(args: argparse.Namespace) -> None:
    """The rounds' ratios of Hand to Tables' legal + step, and their median."""
    ratios = legal_step_ratios(args)
    shown = ", ".join(f"{ratio:.0f}" for ratio in ratios)
    print(
        f"Hand / Tables (legal + step, the choice left out), {args.rounds} rounds: "
        f"median {statistics.median(ratios):.0f}x ({shown})"
    )


def main() -> None:
    """Print both figures and their ratios."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--tables", type=int, default=4096)
    parser.add_argument("--steps", type=int, default=200)
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--game", default="badugi")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-deal-floor", action="store_true", help="skip the compiled deal-alone floor")
    parser.add_argument("--rounds", type=int, default=5, help="rounds of Hand against Tables' legal + step")
    parser.add_argument("--fresh-mask", action="store_true", help="legal() makes a new array each step")
    parser.add_argument(
        "--legal-step-only", action="store_true", help="only Hand against Tables' legal + step, by rounds"
    )
    args = parser.parse_args()
    if args.legal_step_only:
        print_legal_step_ratios(args)
        return
    hand = min(hand_us_per_action(args.players, args.hands, args.game, args.seed) for _ in range(args.repeat))
    poker_kit = pokerkit_us_per_action(args.hands // 3, args.repeat) if args.players == 6 else None
    runs = [
        tables_us_per_action(args.players, args.tables, args.steps, args.game, args.seed)
        for _ in range(args.repeat)
    ]
    step = min(run[0] for run in runs)
    loop = min(run[2] for run in runs)
    per_hand = runs[0][3]
    floor = min(floor_us_per_hand(args.players, args.game, 200_000, args.seed) for _ in range(args.repeat))
    print(f"{args.game}, {args.players} seats, FixedLimit(2, 4), random legal actions, one core")
    if poker_kit is not None:
        ratio = poker_kit / hand
        print(f"PokerKit 0.7.7              {poker_kit:10.3f} us/action   PokerKit / Hand = {ratio:8.2f}x")
    print(f"Hand                        {hand:10.3f} us/action")
    print(f"Tables.step                 {step:10.3f} us/action   Hand / Tables = {hand / step:8.1f}x")
    print(f"Tables legal+choose+step    {loop:10.3f} us/action   Hand / Tables = {hand / loop:8.1f}x")
    print_legal_step_ratios(args)
    print(f"Tables, actions a hand      {per_hand:10.2f}")
    print(
        f"Tables.step, a hand         {step * per_hand:10.3f} us/hand     "
        f"the C floor (deal, 3 draws, rank) {floor:.3f} us/hand: "
        f"Tables / floor = {step * per_hand / floor:.2f}x"
    )
    as_hand = min(
        tables_us_per_action(args.players, args.tables, args.steps, args.game, args.seed, deal="hand")[0]
        for _ in range(args.repeat)
    )
    print(f"Tables.step, deal='hand'    {as_hand:10.3f} us/action   Hand / Tables = {hand / as_hand:8.1f}x")
    if not args.no_deal_floor:
        deal = deal_us_per_hand(args.repeat)
        print(
            f"Tables' deal alone          {deal:10.3f} us/hand     (Python's seeding and shuffle, in C); "
            f"deal='hand' / (deal + floor) = {as_hand * per_hand / (deal + floor):.2f}x"
        )
    # Threads: wall time of step alone (CPU time would add the threads up), against one thread, same run.
    for threads in (1, 2):
        walls = []
        for _ in range(args.repeat):
            tables = Tables(
                args.tables, args.players, FixedLimit(2, 4), seed=args.seed, game=args.game, threads=threads
            )
            rng = np.random.default_rng(args.seed)
            wall = 0.0
            for _ in range(args.steps):
                mask = tables.legal()
                acts = np.argmax(np.where(mask, rng.random(mask.shape), -1.0), axis=1)
                began = time.perf_counter()
                tables.step(acts)
                wall += time.perf_counter() - began
            walls.append(wall * 1e6 / (args.steps * args.tables))
        print(f"Tables.step, {threads} thread(s), wall {min(walls):10.3f} us/action")


if __name__ == "__main__":
    main()
