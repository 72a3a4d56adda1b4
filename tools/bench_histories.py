"""Reading hand-history files of 1 MB, 16 MB (and 256 MB) in every format, against PokerKit's PHH loading.

    python tools/bench_histories.py [--sizes 1,16] [--pokerkit-sizes 1,16] [--hands 300] [--seed 1]

Engine hands played by random legal actions are written in each format: PHH,
PokerStars and the engine's JSON by the library's own writers (``write_hand``);
Full Tilt and Merge, which the library only reads, by the test suite's writers
of them (``tests/histories/fulltilt_text.py``, ``merge_write.py``); KingsClub,
which has no writer, is the test suite's KingsClub Badugi file. A block of
``--hands`` hands is repeated until the file has the size asked for. Each file
is then read in a fresh interpreter by ``badugi.histories.iter_hands`` (each
hand read and played through the engine's rules), and the PHH file also by
PokerKit (``HandHistory.load_all``, each hand's states replayed), so both
read the same bytes in the same run. Only hands PokerKit loads go in the
files, so that both read every hand. PokerKit reads the sizes of
``--pokerkit-sizes`` only (by default 1 and 16 MB: at its pace a 256 MB file
takes it most of an hour).

Each line of the table: the seconds, the CPU seconds of the reading process
and the hands read per CPU second (on a shared machine the CPU time is what the
reading costs; the seconds count the waiting too), the peak
resident memory of the reading interpreter while it reads (Linux's
``VmHWM``) and what it is above that interpreter's memory before reading
(its imports), in MB.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import tempfile
import warnings
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the test suite's writers of the formats the library only reads

MB = 1 << 20


def _hands(count: int, seed: int) -> list[object]:
    from tests.histories.phh_play import random_engine_hand  # noqa: PLC0415 - only the parent plays

    rng = random.Random(seed)
    return [random_engine_hand(rng) for _ in range(count)]


def _pokerkit_loads(hand: object) -> bool:
    """Whether the hand is written as PHH, and PokerKit (if installed) loads and replays it."""
    from badugi.errors import HandHistoryError  # noqa: PLC0415
    from badugi.histories import write_hand  # noqa: PLC0415

    try:
        phh = write_hand(hand, "phh")  # type: ignore[arg-type]
    except HandHistoryError:
        return False  # a hand PHH cannot state (the writer says why)
    try:
        from pokerkit import HandHistory  # noqa: PLC0415 - optional, benchmark-only
    except ImportError:
        return True
    try:
        for history in HandHistory.loads_all(phh):
            for _state in history:
                pass
    except Exception:
        return False
    return True


def _texts(hand: object, k: int, rng: random.Random) -> dict[str, str] | None:
    """Hand k of the block in every format (PHH without its table line), or None if one cannot state it."""
    from tests.histories.fulltilt_text import fulltilt_text  # noqa: PLC0415
    from tests.histories.merge_write import merge_xml  # noqa: PLC0415

    from badugi.errors import HandHistoryError  # noqa: PLC0415
    from badugi.histories import write_hand  # noqa: PLC0415

    try:
        return {
            "phh": write_hand(hand, "phh", 2).split("\n", 2)[2],  # type: ignore[arg-type] # less "\n[2]\n"
            "pokerstars": write_hand(hand, "pokerstars", k + 1),  # type: ignore[arg-type]
            "fulltilt": fulltilt_text(hand, rng, 1000 + k)[0],  # type: ignore[arg-type]
            "merge": merge_xml(hand, 0, f"9000-{k}", rng),  # type: ignore[arg-type]
            "json": write_hand(hand, "json"),  # type: ignore[arg-type]
        }
    except HandHistoryError:
        return None  # a hand one of the formats cannot state (the writer says why)


def _kingsclub_hands() -> list[str]:
    """The hands of the test suite's KingsClub Badugi file, each its own text."""
    text = (ROOT / "tests" / "histories" / "files" / "kingsclub_badugi.txt").read_text(encoding="utf-8")
    return ["#" + hand.strip().lstrip("#") for hand in text.split("\n#")]


def _writers(blocks: list[dict[str, str]]) -> dict[str, Callable[[int, int], str]]:
    """For each format, the text of hand k (of the block) as the file's n-th hand."""
    kingsclub = _kingsclub_hands()
    return {
        "phh": lambda k, n: f"[{n}]\n{blocks[k]['phh']}\n",
        "pokerstars": lambda k, n: blocks[k]["pokerstars"] + "\n\n",
        "fulltilt": lambda k, n: blocks[k]["fulltilt"] + "\n\n",
        "merge": lambda k, n: blocks[k]["merge"] + "\n",
        "kingsclub": lambda k, n: kingsclub[k % len(kingsclub)] + "\n\n",
        "json": lambda k, n: blocks[k]["json"],
    }


def _write(path: Path, text_of: Callable[[int, int], str], block: int, size: int) -> int:
    """Hands of the block, again and again, to ``size`` bytes; returns how many."""
    written = total = 0
    with open(path, "w", encoding="utf-8") as file:
        while total < size:
            text = text_of(written % block, written + 1)
            file.write(text)
            total += len(text.encode())
            written += 1
    return written


_CHILD = """
import sys, time, warnings
warnings.simplefilter("ignore")
mode, path = sys.argv[1], sys.argv[2]
if mode == "badugi":
    from badugi.histories import iter_hands
    read = lambda: sum(1 for r in iter_hands(path) if r.hand is not None)
else:
    from pokerkit import HandHistory
    def read():
        count = 0
        with open(path, "rb") as file:
            for history in HandHistory.load_all(file):
                for _state in history:
                    pass
                count += 1
        return count
def status(field):
    with open("/proc/self/status") as file:
        return next(int(line.split()[1]) for line in file if line.startswith(field + ":"))
with open("/proc/self/clear_refs", "w") as file:
    file.write("5")  # the peak (VmHWM) starts again from the memory now, the imports done
before = status("VmRSS")
start, cpu = time.perf_counter(), time.process_time()
count = read()
seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
print(count, seconds, cpu, before, status("VmHWM"))
"""


def _measure(mode: str, path: Path) -> tuple[int, float, float, float, float]:
    """Hands read, seconds, CPU seconds, peak resident memory and its rise over the imports (MB).

    In a fresh interpreter. The CPU seconds are the reading process's own (user and system): on a
    machine shared with other work they are what the reading costs, where the seconds also count
    the waiting.

    The peak is Linux's ``VmHWM``, reset after the imports (``/proc/self/clear_refs``): ``ru_maxrss``
    would not do, since a child started by exec keeps the parent's.
    """
    done = subprocess.run(
        [sys.executable, "-c", _CHILD, mode, str(path)], capture_output=True, text=True, check=True
    )
    count, seconds, cpu, before, peak = done.stdout.split()
    return int(count), float(seconds), float(cpu), int(peak) / 1024, (int(peak) - int(before)) / 1024  # kB


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1,16", help="file sizes in MB, comma-separated (default 1,16)")
    parser.add_argument("--hands", type=int, default=300, help="distinct hands in the repeated block")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--pokerkit-sizes", default="1,16", help="the sizes PokerKit reads too (default 1,16)"
    )
    args = parser.parse_args(argv)
    sizes = [int(size) for size in args.sizes.split(",")]
    pokerkit_sizes = {int(size) for size in args.pokerkit_sizes.split(",") if size}
    warnings.simplefilter("ignore")  # PokerKit's warnings on the cards a hand deals
    rng = random.Random(args.seed)
    texts = [
        _texts(hand, k, rng) for k, hand in enumerate(_hands(args.hands, args.seed)) if _pokerkit_loads(hand)
    ]
    blocks = [text for text in texts if text is not None]
    writers = _writers(blocks)
    hands = blocks
    try:
        import pokerkit  # noqa: F401, PLC0415
    except ImportError:
        pokerkit_here = False
        print("PokerKit is not installed (pip install '.[bench]'): its column is left out", file=sys.stderr)
    else:
        pokerkit_here = True
    loads = "; PokerKit loads them" if pokerkit_here else ""
    print(f"{len(hands)} distinct engine hands of {args.hands} played (each format writes them{loads})")
    heads = f"{'format':<15}{'MB':>5}{'hands':>9}{'seconds':>9}{'CPU s':>9}{'hands/CPU s':>12}"
    print(heads + f"{'peak MB':>9}{'read MB':>9}")
    with tempfile.TemporaryDirectory() as folder:
        for size in sizes:
            for form, text_of in writers.items():
                path = Path(folder) / f"{form}-{size}"
                _write(path, text_of, len(hands), size * MB)
                rows = [("badugi", form)] + (
                    [("pokerkit", "phh (PokerKit)")]
                    if form == "phh" and pokerkit_here and size in pokerkit_sizes
                    else []
                )
                for mode, name in rows:
                    count, seconds, cpu, peak, rise = _measure(mode, path)
                    print(
                        f"{name:<15}{path.stat().st_size / MB:>5.0f}{count:>9,}{seconds:>9.2f}{cpu:>9.2f}"
                        f"{count / max(cpu, 1e-9):>12,.0f}{peak:>9.1f}{rise:>9.1f}",
                        flush=True,
                    )
                path.unlink()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
