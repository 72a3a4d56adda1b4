"""Import speed of every hand-history format: hands per second read and played by the engine, one core.

The same random engine hands (fixed-limit Badugi, 2 to 6 players, hands PHH and
PokerKit both play) are written in each format the library reads, then read
with ``badugi.histories.read_hands`` (the format named): the text parsed, every
hand played through the engine's rules (dealt from its deck for complete PHH,
followed from its record otherwise). PokerKit 0.7.7's ``HandHistory.loads_all``
on the complete PHH, every state iterated to the end, is the baseline, in the
same run. Run it as a script:

    python -m tests.bench.history_speed [HANDS]

It prints hands per second for each and the ratio to PokerKit. It is not a
pytest benchmark (no gate): the figures go in the report and the docs.
"""

from __future__ import annotations

import json
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

# Run as a script, the repository root is not on the path; the helpers are the tests package's.
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from badugi.engine import FixedLimit, Hand
from badugi.errors import HandHistoryError
from badugi.histories import dumps_phhs, read_hands, to_phh, to_pokerstars
from tests.bench.phh_speed import pokerkit_load
from tests.histories.fulltilt_text import fulltilt_text
from tests.histories.merge_write import merge_xml
from tests.histories.phh_play import pokerkit_stacks, random_engine_hand


def _hands(count: int) -> list[Hand]:
    """Engine hands that PHH states and PokerKit plays as the engine does."""
    rng = random.Random(1)
    played: list[Hand] = []
    while len(played) < count:
        hand = random_engine_hand(rng)
        structure = hand.structure
        assert isinstance(structure, FixedLimit)
        if hand.blinds != (structure.small_bet // 2, structure.small_bet):
            continue  # a room's table: blinds of half the small bet and the small bet, as its text implies
        try:
            pokerkit_stacks(dumps_phhs([hand]).split("\n", 1)[1])
        except (HandHistoryError, ValueError, AssertionError):
            continue
        played.append(hand)
    return played


def _texts(hands: list[Hand]) -> dict[str, tuple[str, str]]:
    """Each format's text of the hands, and the format's name for ``read_hands``."""
    rng = random.Random(2)
    one_seat = "\n".join(f"[{k}]\n{to_phh(hand, viewer=0)}" for k, hand in enumerate(hands, 1))
    return {
        "PHH, every card": (dumps_phhs(hands), "phh"),
        "PHH, one seat's view": (one_seat, "phh"),
        "Full Tilt text": (
            "\n\n".join(fulltilt_text(hand, rng, k)[0] for k, hand in enumerate(hands)),
            "fulltilt",
        ),
        "PokerStars text": (
            "\n\n\n".join(
                to_pokerstars(hand, viewer=0, fields={"hand": k}) for k, hand in enumerate(hands, 1)
            ),
            "pokerstars",
        ),
        "Merge XML": ("\n".join(merge_xml(hand, 0, f"9{k}-1", rng) for k, hand in enumerate(hands)), "merge"),
        "JSON histories": ("".join(json.dumps(list(hand.history)) + "\n" for hand in hands), "json"),
    }


def _best(run: Callable[[], int], expected: int) -> float:
    times = []
    for _ in range(3):
        start = time.perf_counter()
        count = run()
        times.append(time.perf_counter() - start)
        assert count == expected, (count, expected)
    return expected / min(times)


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    hands = _hands(count)
    texts = _texts(hands)
    baseline = _best(lambda: pokerkit_load(texts["PHH, every card"][0]), count)
    print(
        f"{count} hands; PokerKit 0.7.7 loads_all on the complete PHH: {baseline:7,.0f} hands/s (best of 3)"
    )
    for name, (text, form) in texts.items():

        def run(text: str = text, form: str = form) -> int:
            read = read_hands(text, form)
            refused = [r.error for r in read if r.hand is None]
            assert not refused, refused[:1]
            return len(read)

        speed = _best(run, count)
        print(
            f"{name:>22}: {speed:7,.0f} hands/s, {speed / baseline:4.2f}x PokerKit ({len(text) / 1e6:.1f} MB)"
        )


if __name__ == "__main__":
    main()
