"""Mutation testing of the rule modules: how much of the rules the tests pin down.

Each mutant is one small change at one AST node of a Python module of ``src/badugi`` (a swapped
comparison or arithmetic operator, an integer constant off by one, a negated condition, a deleted
``return`` or ``raise``, a flipped ``True``/``False``). The tool writes the mutant over the module,
runs the tests of the module's layer (``MODULE_TESTS``) with ``-x -q -p no:cacheprovider -n 0``, and
restores the module from a copy taken first (written to a temporary file and moved back with
``os.replace``, in a ``finally``, so a Ctrl-C, a SIGTERM or a crash never leaves the tree mutated; a
copy left by a run killed outright is put back by the next run). A mutant is
*killed* when the tests fail (or time out), *survives* when they pass.

Mutants that change no behaviour are listed in ``tools/mutation_equivalents.txt`` (one per line:
``path:line: mutation  # reason``) and left out of the score.

Only the Python files are mutated: the C extension is built at install and is not touched.

Run on demand, not in every CI run (it costs minutes)::

    python tools/mutate.py --seed 31 --sample 60 src/badugi/pots.py
    python tools/mutate.py --seed 31 --sample 60 --list src/badugi/pots.py   # the mutants only

It prints each survivor (``path:line: mutation``) and a table of the score per module.
"""

from __future__ import annotations

import argparse
import ast
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EQUIVALENTS = ROOT / "tools" / "mutation_equivalents.txt"

# The tests of each module's layer: fast enough to run once per mutant, close enough to kill it.
_ENGINE = (
    "tests/engine/test_*_pinned.py",
    "tests/engine/test_rules.py",
    "tests/engine/test_short_all_ins.py",
    "tests/engine/test_what_an_action_says.py",
    "tests/engine/test_misdeals.py",
    "tests/engine/test_draw_cards.py",
    "tests/engine/test_bad_input.py",
    "tests/engine/test_fast_paths.py",
    "tests/engine/test_qualifier.py",
    "tests/engine/test_values.py",
    "tests/engine/test_what_a_new_user_tripped_on.py",
    "tests/engine/test_five_card_games.py",
)
_SHOWDOWN = (
    "tests/test_*_pinned.py",
    "tests/test_showdown.py",
    "tests/test_split_showdown.py",
    "tests/test_value_constructors.py",  # what Pot, PotHalf and Showdown refuse
)
_HISTORIES = ("tests/histories/test_*_pinned.py", "tests/histories/test_follow.py")
# What every reader answers alike: bad bytes, huge numbers, impossible lines, errors' places, the
# on_error choices, and the writers' files read back (the streaming memory tests cost 30 s and pin
# no reader's rule).
_READERS = (
    "tests/histories/test_*_pinned.py",
    "tests/histories/test_error_places.py",
    "tests/histories/test_huge_numbers.py",
    "tests/histories/test_impossible_lines.py",
    "tests/histories/test_lenient_decoding.py",
    "tests/histories/test_on_error.py",
    "tests/histories/test_writers_read_back.py",
    "tests/histories/test_followed_reads.py",
)
# The tests of each module's layer: fast enough to run once per mutant (the engine's fuzzers,
# random play and bots are left out: they cost most of tests/engine's time and pin no one rule).
MODULE_TESTS: dict[str, tuple[str, ...]] = {
    "src/badugi/pots.py": _SHOWDOWN,
    "src/badugi/showdown.py": _SHOWDOWN,
    "src/badugi/games.py": (
        "tests/test_game_names.py",
        "tests/test_split_showdown.py",
        "tests/test_*_pinned.py",
    ),
    "src/badugi/engine/betting.py": _ENGINE,
    "src/badugi/engine/structures.py": (*_ENGINE, "tests/engine/test_match_structures.py"),
    "src/badugi/engine/hand.py": _ENGINE,
    "src/badugi/engine/dealer.py": _ENGINE,
    "src/badugi/engine/misdeal.py": _ENGINE,
    "src/badugi/engine/followed.py": (*_HISTORIES, "tests/engine/test_*_pinned.py"),
    "src/badugi/histories/follow.py": _HISTORIES,
    "src/badugi/equity/_args.py": ("tests/equity/test_garbage.py", "tests/equity/test_*_pinned.py"),
    "src/badugi/histories/pokerstars/hand.py": ("tests/histories/test_pokerstars*.py", *_READERS),
    "src/badugi/histories/phh/read.py": (
        "tests/histories/test_phh_*.py",
        *_READERS,
        "tests/histories/test_step_kinds.py",
    ),
    "src/badugi/histories/fulltilt/read.py": ("tests/histories/test_fulltilt_read.py", *_READERS),
    "src/badugi/histories/merge/hand.py": ("tests/histories/test_merge_*.py", *_READERS),
    "src/badugi/histories/kingsclub/hand.py": ("tests/histories/kingsclub", *_READERS),
}
# A module not in the map runs the tests of the folder that mirrors it (histories -> tests/histories).
LAYER_TESTS: dict[str, str] = {
    "src/badugi/engine/": "tests/engine",
    "src/badugi/histories/": "tests/histories",
    "src/badugi/equity/": "tests/equity",
}

_COMPARE_SWAPS: dict[type[ast.cmpop], type[ast.cmpop]] = {
    ast.Lt: ast.LtE,
    ast.LtE: ast.Lt,
    ast.Gt: ast.GtE,
    ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq,
    ast.Is: ast.IsNot,
    ast.IsNot: ast.Is,
    ast.In: ast.NotIn,
    ast.NotIn: ast.In,
}
_BINOP_SWAPS: dict[type[ast.operator], type[ast.operator]] = {
    ast.Add: ast.Sub,
    ast.Sub: ast.Add,
    ast.Mult: ast.FloorDiv,
    ast.FloorDiv: ast.Mult,
    ast.Div: ast.Mult,
    ast.Mod: ast.FloorDiv,
    ast.BitAnd: ast.BitOr,
    ast.BitOr: ast.BitAnd,
    ast.LShift: ast.RShift,
    ast.RShift: ast.LShift,
}
_BOOL_SWAPS: dict[type[ast.boolop], type[ast.boolop]] = {ast.And: ast.Or, ast.Or: ast.And}


@dataclass(frozen=True)
class Mutant:
    """One change: where it is (``path:line``), what it does, and the module's text with it made."""

    path: str
    line: int
    what: str
    index: int  # the n-th candidate of the module, in AST walk order: stable for one source

    @property
    def key(self) -> str:
        """``path:line: what``, the form of a line of the equivalents file."""
        return f"{self.path}:{self.line}: {self.what}"


def _op_name(op: ast.AST) -> str:
    return {
        ast.Lt: "<",
        ast.LtE: "<=",
        ast.Gt: ">",
        ast.GtE: ">=",
        ast.Eq: "==",
        ast.NotEq: "!=",
        ast.Is: "is",
        ast.IsNot: "is not",
        ast.In: "in",
        ast.NotIn: "not in",
        ast.Add: "+",
        ast.Sub: "-",
        ast.Mult: "*",
        ast.FloorDiv: "//",
        ast.Div: "/",
        ast.Mod: "%",
        ast.BitAnd: "&",
        ast.BitOr: "|",
        ast.LShift: "<<",
        ast.RShift: ">>",
        ast.And: "and",
        ast.Or: "or",
    }.get(type(op), type(op).__name__)


def _is_docstring(parent: ast.AST | None, node: ast.AST) -> bool:
    body = getattr(parent, "body", None)
    return isinstance(body, list) and bool(body) and body[0] is node and isinstance(node, ast.Expr)


def _skipped_lines(tree: ast.Module) -> set[int]:
    """Lines that only serve the type checker (``if TYPE_CHECKING:``, annotations): never mutated."""
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            end = node.end_lineno or node.lineno
            lines.update(range(node.lineno, end + 1))
    return lines


def _candidates(tree: ast.Module) -> Iterator[tuple[ast.AST, str, str]]:  # noqa: PLR0912 - one branch per node type
    """Each (node, kind, description) the tool can mutate, in a stable order."""
    skipped = _skipped_lines(tree)
    parents: dict[int, ast.AST] = {}
    for parent in ast.walk(tree):
        for child in ast.iter_child_nodes(parent):
            parents[id(child)] = parent
    annotations: set[int] = set()
    for node in ast.walk(tree):
        for attr in ("annotation", "returns"):
            sub = getattr(node, attr, None)
            if isinstance(sub, ast.AST):
                annotations.update(id(n) for n in ast.walk(sub))
    for node in ast.walk(tree):
        line = getattr(node, "lineno", None)
        if line is None or line in skipped or id(node) in annotations:
            continue
        if isinstance(node, ast.Compare):
            for i, op in enumerate(node.ops):
                if type(op) in _COMPARE_SWAPS:
                    new = _COMPARE_SWAPS[type(op)]()
                    yield node, f"compare:{i}", f"{_op_name(op)} -> {_op_name(new)}"
        elif isinstance(node, ast.BinOp) and type(node.op) in _BINOP_SWAPS:
            yield node, "binop", f"{_op_name(node.op)} -> {_op_name(_BINOP_SWAPS[type(node.op)]())}"
        elif isinstance(node, ast.AugAssign) and type(node.op) in _BINOP_SWAPS:
            swapped = _BINOP_SWAPS[type(node.op)]()
            yield node, "augassign", f"{_op_name(node.op)}= -> {_op_name(swapped)}="
        elif isinstance(node, ast.BoolOp):
            yield node, "boolop", f"{_op_name(node.op)} -> {_op_name(_BOOL_SWAPS[type(node.op)]())}"
        elif isinstance(node, ast.Constant):
            if isinstance(node.value, bool):
                yield node, "bool", f"{node.value} -> {not node.value}"
            elif isinstance(node.value, int) and not _is_docstring(parents.get(id(node)), node):
                yield node, "int+1", f"{node.value} -> {node.value + 1}"
                if node.value != 0:
                    yield node, "int-1", f"{node.value} -> {node.value - 1}"
        elif isinstance(node, (ast.If, ast.While)):
            yield node, "negate", f"{type(node).__name__.lower()} {ast.unparse(node.test)[:50]} -> not"
        elif isinstance(node, ast.IfExp):
            yield node, "negate", f"{ast.unparse(node.test)[:50]} if-else -> not"
        elif isinstance(node, ast.Return):
            yield (
                node,
                "delete",
                f"delete return {ast.unparse(node.value)[:50] if node.value else ''}".rstrip(),
            )
        elif isinstance(node, ast.Raise):
            yield node, "delete", f"delete raise {ast.unparse(node.exc)[:40] if node.exc else ''}".rstrip()


def _apply(node: ast.AST, kind: str) -> None:
    """Make the change ``kind`` at ``node`` (the tree is a fresh parse: no copy needed)."""
    if kind.startswith("compare:"):
        assert isinstance(node, ast.Compare)
        i = int(kind.split(":")[1])
        node.ops[i] = _COMPARE_SWAPS[type(node.ops[i])]()
    elif kind in ("binop", "augassign"):
        assert isinstance(node, (ast.BinOp, ast.AugAssign))
        node.op = _BINOP_SWAPS[type(node.op)]()
    elif kind == "boolop":
        assert isinstance(node, ast.BoolOp)
        node.op = _BOOL_SWAPS[type(node.op)]()
    elif kind == "bool":
        assert isinstance(node, ast.Constant)
        node.value = not node.value
    elif kind in ("int+1", "int-1"):
        assert isinstance(node, ast.Constant)
        assert isinstance(node.value, int)
        node.value = node.value + (1 if kind == "int+1" else -1)
    elif kind == "negate":
        assert isinstance(node, (ast.If, ast.While, ast.IfExp))
        node.test = ast.UnaryOp(op=ast.Not(), operand=node.test)
    elif kind == "delete":
        # A deleted statement becomes ``pass``: the block stays valid Python.
        node.__class__ = ast.Pass
        for field in ("value", "exc", "cause"):
            if hasattr(node, field):
                delattr(node, field)
    else:  # pragma: no cover - the kinds above are the only ones _candidates yields
        raise ValueError(f"unknown mutation kind {kind!r}")


def mutants_of(path: str) -> list[Mutant]:
    """Every mutant of the module at ``path`` (relative to the repository root)."""
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    found: list[Mutant] = []
    seen: dict[tuple[int, str], int] = {}
    for i, (node, _kind, what) in enumerate(_candidates(tree)):
        line = getattr(node, "lineno", 0)
        # Two mutants of one line can read alike (the two 0s of ``d.get(k, 0) + (x or 0)``): the
        # second is "0 -> 1 (#2)", so that a key in the equivalents file names one mutant only.
        seen[line, what] = seen.get((line, what), 0) + 1
        nth = seen[line, what]
        found.append(Mutant(path, line, what if nth == 1 else f"{what} (#{nth})", i))
    return found


def mutated_source(mutant: Mutant) -> str:
    """The module's text with ``mutant`` made (re-parsed, so the change is at the same node)."""
    tree = ast.parse((ROOT / mutant.path).read_text(encoding="utf-8"))
    for i, (node, kind, _what) in enumerate(_candidates(tree)):
        if i == mutant.index:
            _apply(node, kind)
            return ast.unparse(ast.fix_missing_locations(tree)) + "\n"
    raise ValueError(f"no mutant number {mutant.index} in {mutant.path}")


def tests_for(path: str) -> list[str]:
    """The test paths of the module's layer that exist (``MODULE_TESTS``, else the mirrored folder)."""
    chosen = MODULE_TESTS.get(path)
    if chosen is None:
        chosen = tuple(folder for prefix, folder in LAYER_TESTS.items() if path.startswith(prefix))
    if not chosen:
        chosen = ("tests",)
    found: list[str] = []
    for pattern in chosen:  # in the map's order: the pinned tests first kill most mutants fastest
        if "*" in pattern:
            found.extend(str(q.relative_to(ROOT)) for q in sorted(ROOT.glob(pattern)))
        elif (ROOT / pattern).exists():
            found.append(pattern)
    return found


def load_equivalents(path: Path = EQUIVALENTS) -> set[str]:
    """The keys (``path:line: mutation``) of the listed equivalent mutants; the reason is after ``#``."""
    if not path.exists():
        return set()
    keys = set()
    for raw in path.read_text(encoding="utf-8").splitlines():
        if raw.lstrip().startswith("#"):
            continue
        text = re.split(r"\s#(?:\s|$)", raw, maxsplit=1)[0].strip()  # "(#2)" in a key is no comment
        if text:
            keys.add(text)
    return keys


def run_mutant(mutant: Mutant, tests: Sequence[str], timeout: float) -> str:
    """``killed``, ``timeout`` or ``survived``: the module is always restored, whatever happens."""
    target = ROOT / mutant.path
    prefix = f".mutate-{target.name}-"
    for stale in sorted(target.parent.glob(f"{prefix}*.orig")):  # a run killed outright (SIGKILL) left it
        os.replace(stale, target)
    original = target.read_bytes()
    text = mutated_source(mutant)
    fd, backup = tempfile.mkstemp(dir=target.parent, prefix=prefix, suffix=".orig")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(original)
        fd2, staged = tempfile.mkstemp(dir=target.parent, prefix=".mutant-", suffix=".py")
        with os.fdopen(fd2, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(staged, target)
        command = [
            sys.executable,
            "-m",
            "pytest",
            "-x",
            "-q",
            "-p",
            "no:cacheprovider",
            "-n",
            "0",
            "--no-header",
            "-o",
            "addopts=-m 'not slow'",
            *tests,
        ]
        # The tree being mutated is the one imported, whatever the virtualenv's install points to.
        path = os.pathsep.join([str(ROOT / "src"), str(ROOT), os.environ.get("PYTHONPATH", "")])
        env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1", PYTHONPATH=path.rstrip(os.pathsep))
        try:
            done = subprocess.run(
                command, cwd=ROOT, env=env, capture_output=True, timeout=timeout, check=False
            )
        except subprocess.TimeoutExpired:
            return "timeout"
        return "survived" if done.returncode == 0 else "killed"
    finally:
        os.replace(backup, target)  # the copy taken first goes back, atomically
        for stale in target.parent.glob(".mutant-*.py"):
            stale.unlink()


def _stop(signum: int, _frame: object) -> None:
    """A SIGTERM or SIGHUP stops the run as Ctrl-C does: the ``finally`` puts the module back."""
    raise SystemExit(128 + signum)


def _survivors_of(report: Path) -> set[str]:
    """The keys of the mutants an earlier report lists as survivors (or killed only by a timeout)."""
    keys = set()
    for raw in report.read_text(encoding="utf-8").splitlines():
        words = raw.strip().split(None, 1)
        if len(words) == 2 and words[0] in ("survived", "timeout"):
            keys.add(words[1].rsplit("  (", 1)[0])
    return keys


def main(argv: Sequence[str] | None = None) -> int:  # noqa: PLR0915 - one flat loop over the modules
    """Parse the arguments, sample the mutants, run them and print the survivors and the scores."""
    parser = argparse.ArgumentParser(
        description="Mutation testing of badugi's rule modules (run on demand, not in CI).",
        epilog="Example: python tools/mutate.py --seed 31 --sample 60 src/badugi/pots.py",
    )
    parser.add_argument("modules", nargs="*", help="Python modules to mutate, relative to the repo root")
    parser.add_argument("--seed", type=int, default=31, help="seed of the sampling (default 31)")
    parser.add_argument("--sample", type=int, default=60, help="mutants per module (0 = all; default 60)")
    parser.add_argument(
        "--timeout",
        type=float,
        default=120.0,
        help="seconds per mutant's test run; past it the mutant counts as killed",
    )
    parser.add_argument("--list", action="store_true", help="list the sampled mutants, run nothing")
    parser.add_argument("--tests", nargs="*", help="test paths instead of the module's layer")
    parser.add_argument(
        "--only",
        type=Path,
        help="a report of an earlier run: only its survivors (and timeouts) run again, the rest "
        "of the sample counts as it did (source unchanged, tests only added: a killed mutant stays so)",
    )
    parser.add_argument(
        "--line", type=int, action="append", help="only the mutants of this line (repeatable; no sampling)"
    )
    parser.add_argument(
        "--all", action="store_true", help="every rule module of MODULE_TESTS (after any modules given)"
    )
    parser.add_argument(
        "--fail-under",
        type=float,
        default=None,
        metavar="PERCENT",
        help="exit 1 if a module scores below PERCENT (the issue's bar is 95)",
    )
    args = parser.parse_args(argv)
    modules = list(args.modules) + [m for m in MODULE_TESTS if args.all and m not in args.modules]
    if not modules:
        parser.error("name a module, or --all")

    # A background job ignores SIGINT, and SIGTERM would skip the ``finally``: both stop it cleanly.
    for signum in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, _stop)
    equivalents = load_equivalents()
    again = _survivors_of(args.only) if args.only else None
    rows: list[tuple[str, int, int, int, int]] = []
    for module in modules:
        if not module.endswith(".py") or not (ROOT / module).is_file():
            parser.error(f"{module}: not a Python file of the repository")
        every = mutants_of(module)
        _say_stale(module, every, equivalents)
        if args.line:
            every = [m for m in every if m.line in args.line]
        rng = random.Random(f"{args.seed}:{module}")
        whole = args.line or args.sample <= 0 or args.sample >= len(every)
        sample = every if whole else rng.sample(every, args.sample)
        sample.sort(key=lambda m: m.index)
        tests = args.tests or tests_for(module)
        print(f"== {module}: {len(sample)} of {len(every)} mutants, tests {' '.join(tests)}", flush=True)
        killed = equivalent = timeouts = done = 0
        for mutant in sample:
            if mutant.key in equivalents:
                equivalent += 1
                print(f"  equivalent {mutant.key}", flush=True)
                continue
            if args.list:
                print(f"  {mutant.key}")
                continue
            if again is not None and mutant.key not in again:
                killed += 1  # killed in the earlier run
                continue
            started = time.monotonic()
            outcome = run_mutant(mutant, tests, args.timeout)
            killed += outcome != "survived"
            timeouts += outcome == "timeout"
            done += 1
            took = time.monotonic() - started
            print(f"  {outcome:9} {mutant.key}  ({took:.0f} s, {done} of {len(sample)})", flush=True)
        rows.append((module, len(sample), killed, equivalent, timeouts))
    if args.list:
        return 0
    return _print_scores(rows, args.seed, args.sample, args.fail_under)


def _say_stale(module: str, every: Sequence[Mutant], equivalents: set[str]) -> None:
    """Names each listed equivalent the module no longer has (its line moved, its code changed).

    Such a key no longer counts, so the list must be brought up to date with the code.
    """
    keys = {m.key for m in every}
    for key in sorted(k for k in equivalents if k.startswith(f"{module}:") and k not in keys):
        print(f"  (stale: no such mutant now, listed in {EQUIVALENTS.name}: {key})", flush=True)


def _print_scores(
    rows: Sequence[tuple[str, int, int, int, int]], seed: int, sample: int, fail_under: float | None
) -> int:
    """The table of scores; 1 if a module scores below ``fail_under`` (when given), else 0."""
    print(f"\nseed {seed}, sample {sample}")
    print("| module | mutants | killed | equivalent | score |")
    print("| --- | ---: | ---: | ---: | ---: |")
    low: list[str] = []
    for module, total, killed, equivalent, timeouts in rows:
        counted = total - equivalent
        score = 100.0 * killed / counted if counted else 100.0
        extra = f" ({timeouts} by timeout)" if timeouts else ""
        name = module.removeprefix("src/badugi/")
        print(f"| {name} | {total} | {killed}{extra} | {equivalent} | {score:.1f}% |")
        if fail_under is not None and score < fail_under:
            low.append(f"{name} {score:.1f}%")
    if low:
        print(f"below {fail_under:g}%: {', '.join(low)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
