"""Commit subjects of at most 72 characters, the why and the figures in the body.

    python tools/check_commit_subjects.py                  # every commit since BASE (CI runs this)
    python tools/check_commit_subjects.py --message-file F # one message: the commit-msg hook

The commits before ``BASE`` are left as they are: the rule holds from there on.
Install the hook in a clone (docs/guide/development.md):

    ln -s ../../tools/commit-msg .git/hooks/commit-msg
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

#: The last commit before the rule: subjects after it are checked.
BASE = "823b5934de11f06fda281dc5e9d077148ecb1a00"
#: The longest subject allowed (python-chess's median is about 40).
LIMIT = 72


def subject_problem(message: str) -> str | None:
    """What is wrong with a commit message's subject, or None."""
    lines = [line for line in message.splitlines() if not line.startswith("#")]  # git's comments
    subject = lines[0].rstrip() if lines else ""
    if not subject.strip():
        return "the subject is empty"
    if len(subject) > LIMIT:
        return (
            f"the subject is {len(subject)} characters, over {LIMIT}: say the what in it, "
            f"and the why and the figures in the body ({subject[:40]!r}...)"
        )
    if len(lines) > 1 and lines[1].strip():
        return "the subject is one line: leave a blank line before the body"
    return None


def _since_base(root: Path) -> list[tuple[str, str]]:
    """(commit, message) for every commit after BASE on the current branch, merges left out."""
    log = subprocess.run(
        ["git", "log", "--no-merges", "--format=%H%x00%B%x01", f"{BASE}..HEAD"],
        cwd=root,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    commits = []
    for entry in log.split("\x01"):
        if entry.strip():
            commit, _, message = entry.strip("\n").partition("\x00")
            commits.append((commit, message))
    return commits


def main(argv: list[str] | None = None) -> int:
    """Check one message file, or every commit since BASE; print each problem, exit 1 if any."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--message-file", type=Path, help="check this commit message (the commit-msg hook)")
    args = parser.parse_args(argv)
    if args.message_file is not None:
        problem = subject_problem(args.message_file.read_text(encoding="utf-8"))
        if problem:
            print(f"commit message: {problem}", file=sys.stderr)
        return 1 if problem else 0
    root = Path(__file__).resolve().parent.parent
    shallow = subprocess.run(
        ["git", "rev-parse", "--is-shallow-repository"], cwd=root, capture_output=True, text=True, check=True
    )
    if shallow.stdout.strip() == "true":
        print(
            f"a shallow clone: the commits since {BASE[:10]} are not all here, so not checked",
            file=sys.stderr,
        )
        return 0
    commits = _since_base(root)
    problems = [(commit, subject_problem(message)) for commit, message in commits]
    for commit, problem in problems:
        if problem:
            print(f"{commit[:10]}: {problem}", file=sys.stderr)
    bad = sum(1 for _, problem in problems if problem)
    print(f"{len(commits)} commit subjects since {BASE[:10]} checked: {bad} over the rule")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
