"""A table's ledger: what each seat bought (its buy-in and rebuys), what it holds, and its net.

Chips enter a table only by buy-ins and rebuys, and leave only by being
won, so the nets sum to zero (less what stays in the middle of a match whose
pot nobody qualified for, which the ledger shows as a line of its own). The
chips are those the counted hands leave: a hand in play counts when it is over.

>>> lines = [{"seat": 0, "kind": "buy_in", "amount": 1000}, {"seat": 1, "kind": "buy_in", "amount": 1000},
...          {"seat": 1, "kind": "rebuy", "amount": 600}]
>>> rows = ledger_rows(lines, ["Ann", "Bob"], ["person", "person"], [1900, 700], 0)
>>> [(r["name"], r["bought"], r["chips"], r["net"]) for r in rows]
[('Ann', 1000, 1900, 900), ('Bob', 1600, 700, -900)]
>>> ledger_csv(rows).splitlines()[1]
'1,Ann,person,1000,0,1000,1900,900'
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping, Sequence
from typing import Any

__all__ = ["ledger_csv", "ledger_rows"]


def ledger_rows(
    lines: Sequence[Mapping[str, Any]],
    names: Sequence[str],
    kinds: Sequence[str],
    chips: Sequence[int],
    middle: int,
) -> list[dict[str, Any]]:
    """One row a seat (and one for the middle, if it holds chips): buy-in, rebuys, bought, chips, net."""
    rows = []
    for seat, name in enumerate(names):
        buy_in = sum(line["amount"] for line in lines if line["seat"] == seat and line["kind"] == "buy_in")
        rebuys = sum(line["amount"] for line in lines if line["seat"] == seat and line["kind"] == "rebuy")
        bought = buy_in + rebuys
        held = chips[seat] if bought else 0
        rows.append(
            {
                "seat": seat,
                "name": name,
                "kind": kinds[seat],
                "buy_in": buy_in,
                "rebuys": rebuys,
                "bought": bought,
                "chips": held,
                "net": held - bought,
            }
        )
    if middle:
        rows.append(
            {
                "seat": None,
                "name": "the middle",
                "kind": "",
                "buy_in": 0,
                "rebuys": 0,
                "bought": 0,
                "chips": middle,
                "net": middle,
            }
        )
    return rows


def ledger_csv(rows: Sequence[Mapping[str, Any]]) -> str:
    """The ledger as CSV for a spreadsheet: a header, then a row a seat (seats numbered from 1)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["seat", "name", "kind", "buy_in", "rebuys", "bought", "chips", "net"])
    for row in rows:
        seat = "" if row["seat"] is None else row["seat"] + 1
        writer.writerow(
            [
                seat,
                _cell(row["name"]),
                row["kind"],
                row["buy_in"],
                row["rebuys"],
                row["bought"],
                row["chips"],
                row["net"],
            ]
        )
    return out.getvalue()


def _cell(text: str) -> str:
    # A name a spreadsheet would read as a formula (=, +, -, @ first) is written as text.
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text
