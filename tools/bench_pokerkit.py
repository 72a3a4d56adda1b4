"""Compare badugi with PokerKit on the same hands, in one run.

PokerKit is an optional, benchmark-only dependency (``pip install ".[bench]"``);
nothing in the package or its tests needs it.

    python tools/bench_pokerkit.py [--hands 20000] [--seed 1]

For Badugi (``BadugiHand.from_game``) and, with five cards, for deuce-to-seven
(``StandardLowHand``), ace-to-five (``RegularLowHand``) and the best Badugi of
five (``BadugiHand`` again), it checks that both libraries order every sampled
pair of hands the same way, then prints the time per hand of each and the
ratio. It also prints the time to import each library, measured in fresh
interpreters.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import time
from collections.abc import Callable

import badugi


def per_call_ns(fn: Callable[[], object], calls: int, repeat: int = 5) -> float:
    """Best of ``repeat`` runs of fn(), in ns per call, where fn makes ``calls`` calls."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best * 1e9 / calls


def import_ms(module: str, repeat: int = 7) -> float:
    """Median wall time of ``python -c 'import module'`` minus ``python -c pass``, in ms."""

    def run(code: str) -> float:
        times = []
        for _ in range(repeat):
            start = time.perf_counter()
            subprocess.run([sys.executable, "-c", code], check=True)
            times.append(time.perf_counter() - start)
        return sorted(times)[repeat // 2]

    return (run(f"import {module}") - run("pass")) * 1e3


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    try:
        from pokerkit import BadugiHand  # noqa: PLC0415 - optional, benchmark-only
    except ImportError:
        print("PokerKit is not installed: pip install pokerkit", file=sys.stderr)
        return 2

    rng = random.Random(args.seed)
    ids = [tuple(rng.sample(range(52), 4)) for _ in range(args.hands)]
    texts = ["".join(badugi.card_str(c) for c in hand) for hand in ids]

    theirs = [BadugiHand.from_game(t) for t in texts]
    ours = [badugi.rank(t) for t in texts]
    for _ in range(args.hands):
        i, j = rng.randrange(args.hands), rng.randrange(args.hands)
        pk = (theirs[i] > theirs[j]) - (theirs[i] < theirs[j])
        if pk != (ours[i] < ours[j]) - (ours[i] > ours[j]):
            print(f"disagree: {texts[i]} vs {texts[j]}: PokerKit {pk}", file=sys.stderr)
            return 1
    print(f"{args.hands:,} random hands; both libraries order {args.hands:,} random pairs the same way")

    n = args.hands
    pk_ns = per_call_ns(lambda: [BadugiHand.from_game(t) for t in texts], n, repeat=3)
    text_ns = per_call_ns(lambda: [badugi.rank(t) for t in texts], n)
    ids_ns = per_call_ns(lambda: [badugi.rank(h) for h in ids], n)
    flat = bytes(c for hand in ids for c in hand)
    many_ns = per_call_ns(lambda: badugi.rank_many(flat), n)
    print()
    print("| per hand | time | PokerKit is slower by |")
    print("|---|---:|---:|")
    print(f"| PokerKit `BadugiHand.from_game(text)` | {pk_ns / 1e3:,.1f} µs | 1× |")
    print(f"| badugi `rank(text)` | {text_ns:,.0f} ns | {pk_ns / text_ns:,.0f}× |")
    print(f"| badugi `rank(ids)` | {ids_ns:,.0f} ns | {pk_ns / ids_ns:,.0f}× |")
    print(f"| badugi `rank_many` ({n:,} hands, one call) | {many_ns:,.2f} ns | {pk_ns / many_ns:,.0f}× |")
    print()
    status = compare_five_card_scales(args.hands, rng)
    print()
    print(f"import pokerkit: {import_ms('pokerkit'):.0f} ms; import badugi: {import_ms('badugi'):.0f} ms")
    return status


def compare_five_card_scales(count: int, rng: random.Random) -> int:
    """The same checks and timings for five-card hands on the lows and the Badugi half."""
    from pokerkit import BadugiHand, RegularLowHand, StandardLowHand  # noqa: PLC0415 - optional

    from badugi.ranking import scales  # noqa: PLC0415

    ids = [tuple(rng.sample(range(52), 5)) for _ in range(count)]
    texts = ["".join(badugi.card_str(c) for c in hand) for hand in ids]
    flat = bytes(c for hand in ids for c in hand)
    print()
    print("| five cards, per hand | PokerKit | badugi rank(text) | rank(ids) | rank_many | same order |")
    print("|---|---:|---:|---:|---:|---|")
    for label, theirs_of, scale in (
        ("2-7 (`StandardLowHand`)", StandardLowHand.from_game, scales.LOW_27),
        ("A-5 (`RegularLowHand`)", RegularLowHand.from_game, scales.LOW_A5),
        ("best badugi of five (`BadugiHand`)", BadugiHand.from_game, scales.BADUGI),
    ):
        theirs = [theirs_of(t) for t in texts]
        ours = [scale.rank(t) for t in texts]
        for _ in range(count):
            i, j = rng.randrange(count), rng.randrange(count)
            pk = (theirs[i] > theirs[j]) - (theirs[i] < theirs[j])
            if pk != (ours[i] < ours[j]) - (ours[i] > ours[j]):
                print(f"{scale.name}: disagree on {texts[i]} vs {texts[j]}: PokerKit {pk}", file=sys.stderr)
                return 1
        pk_ns = per_call_ns(lambda f=theirs_of: [f(t) for t in texts], count, repeat=3)
        text_ns = per_call_ns(lambda s=scale: [s.rank(t) for t in texts], count)
        ids_ns = per_call_ns(lambda s=scale: [s.rank(h) for h in ids], count)
        many_ns = per_call_ns(lambda s=scale: s.rank_many(flat, cards_per_hand=5), count)
        print(
            f"| {label} | {pk_ns / 1e3:,.1f} µs | {text_ns:,.0f} ns | {ids_ns:,.0f} ns | "
            f"{many_ns:,.2f} ns | {count:,} random pairs |"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
