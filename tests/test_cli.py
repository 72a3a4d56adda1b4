"""The badugi command: output, JSON, and exit status 2 on bad input."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from badugi.cli import main


def test_rank_prints_rank_size_cards_and_name(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rank", "Ah 2s 3d 4c", "Qh 10d 8s 10h"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == [
        "Ah",
        "2s",
        "3d",
        "4c",
        "rank",
        "1",
        "size",
        "4",
        "plays",
        "4c",
        "3d",
        "2s",
        "Ah",
        "4-3-2-A",
        "badugi",
    ]
    assert "size 3" in lines[1]
    assert "three-card Q-10-8" in lines[1]


def test_rank_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rank", "--json", "Kc Kd Kh Ks"]) == 0
    assert json.loads(capsys.readouterr().out) == [
        {
            "hand": "Kc Kd Kh Ks",
            "rank": 1092,
            "size": 1,
            "cards": ["Kc"],
            "is_badugi": False,
            "name": "one-card K",
        }
    ]


def test_compare(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compare", "9c4d3h2s", "8c7d5h4s"]) == 0
    assert capsys.readouterr().out.strip() == "8c7d5h4s (8-7-5-4 badugi) beats 9c4d3h2s (9-4-3-2 badugi)"
    assert main(["compare", "--json", "KhKdJhJd", "KsJsKcJc"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert (out["result"], out["winner"]) == (0, "tie")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["rank", "Ah Ah 2c 3d"], "duplicate card Ah"),
        (["rank", "Ah"], "quote a hand"),
        (["compare", "Ah 2s 3d 4c", "Zz 2s 3d 4c"], "unknown rank 'Z'"),
    ],
)
def test_bad_input_exits_2_with_one_line(argv: list[str], message: str) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "badugi", *argv], capture_output=True, text=True, check=False
    )
    assert result.returncode == 2
    assert result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1
    assert message in result.stderr
    assert "Traceback" not in result.stderr
