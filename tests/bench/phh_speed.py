"""Import speed of PHH: badugi.histories (read + every action replayed by the engine) against PokerKit.

Both read the same .phhs text of engine hands (random play, 2 to 6 players)
in the same run, one process, one core (hands both read: see docs/guide/histories.md for
the rules the two play differently): ``loads_phhs`` (the TOML read, the
deck, the engine playing and checking every action) against PokerKit's
``HandHistory.loads_all`` with every hand's states iterated to the end (its
own TOML read by tomllib, and its state machine). Run it as a script:

    python -m tests.bench.phh_speed [HANDS]

It prints hands per second for each and their ratio. It is not a pytest
benchmark (no gate): the figure goes in the report and the docs.
"""

from __future__ import annotations

import random
import sys
import time
import warnings
from pathlib import Path

# Run as a script, the repository root is not on the path; the helpers are the tests package's.
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from badugi.errors import HandHistoryError
from badugi.histories import dumps_phhs, loads_phhs
from tests.histories.phh_play import pokerkit_stacks, random_engine_hand


def main() -> None:
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    rng = random.Random(1)
    played = []
    while len(played) < hands:
        hand = random_engine_hand(rng)
        try:
            pokerkit_stacks(dumps_phhs([hand]).split("\n", 1)[1])
        except (HandHistoryError, ValueError, AssertionError):
            continue  # PHH says it otherwise, or PokerKit plays it otherwise: not a hand both read
        played.append(hand)
    text = dumps_phhs(played)
    print(f"{hands} hands, {len(text) / 1e6:.1f} MB of PHH")
    best = {}
    for name, run in (("badugi.histories", _badugi), ("PokerKit 0.7.7", pokerkit_load)):
        times = []
        for _ in range(3):
            start = time.perf_counter()
            count = run(text)
            times.append(time.perf_counter() - start)
            assert count == hands
        best[name] = hands / min(times)
        print(f"{name:>18}: {best[name]:9,.0f} hands/s (best of 3)")
    print(f"ratio: {best['badugi.histories'] / best['PokerKit 0.7.7']:.1f}x")


def _badugi(text: str) -> int:
    return len(loads_phhs(text))


def pokerkit_load(text: str) -> int:
    """PokerKit 0.7.7 reading a .phhs text, every hand's states iterated to the end; the hands read."""
    import pokerkit  # noqa: PLC0415

    count = 0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for history in pokerkit.HandHistory.loads_all(text):
            for _state in history:
                pass
            count += 1
    return count


if __name__ == "__main__":
    main()
