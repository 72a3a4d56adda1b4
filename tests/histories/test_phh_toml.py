"""The TOML reader of badugi.histories: what tomllib reads, it reads the same; the rest is a clear error."""

from __future__ import annotations

import datetime
import math
import sys

import pytest

from badugi.histories.phh import toml

SAMPLES = [
    "a = 1\nb = -2\nc = +3\nd = 1_000\n",
    "x = 0x1F\ny = 0o17\nz = 0b101\n",
    "f = 1.5\ng = -2e3\nh = 6.02E+23\n",
    's = "tab\\there \\"q\\" \\u00e9 \\U0001F600"\nt = \'lit\\eral\'\n',
    "m = \"\"\"\nline one\nline two \\\n   joined\"\"\"\nn = '''\nraw \\n'''\n",
    'arr = [\n  1, # one\n  2,\n]\nnested = [[1, 2], ["a"]]\nempty = []\n',
    'tbl = {a = 1, "b c" = "x", d = [true, false]}\n',
    '"quoted key" = 1\nbare-key_2 = 2\n',
    '# a comment\n\n[1]\nvariant = "FB"\n[2]\nvariant = "FB" # after\n',
    "when = 1979-05-27T07:32:00\nday = 1979-05-27\nat = 07:32:00.5\noff = 1979-05-27T07:32:00Z\n",
    'crlf = 1\r\nnext = "x"\r\n',
    "q = \"\"\"a\"\"b\"\"\"\nr = '''x'''''\n",
]


@pytest.mark.parametrize("text", SAMPLES)
def test_reads_what_tomllib_reads(text: str) -> None:
    if sys.version_info < (3, 11):
        pytest.skip("tomllib is Python 3.11+")
    import tomllib  # noqa: PLC0415 - Python 3.11+

    assert toml.loads(text) == tomllib.loads(text)


def test_values() -> None:
    doc = toml.loads("a = inf\nb = -inf\nc = nan\nd = 12:30:00\ne = 2024-01-02\n")
    assert doc["a"] == math.inf
    assert doc["b"] == -math.inf
    assert math.isnan(doc["c"])
    assert doc["d"] == datetime.time(12, 30)
    assert doc["e"] == datetime.date(2024, 1, 2)


BAD = [
    ("a", "expected '='"),
    ("a = ", "expected a value"),
    ("= 1", "expected a key"),
    ("a = 1 2", "end of the line"),
    ("a = 01", "expected a value"),
    ("a = [1, 2", "not closed"),
    ("a = [1 2]", "expected ',' or ']'"),
    ("a = {b = 1", "expected ',' or '}'"),
    ("a = {b = 1, b = 2}", "defined twice"),
    ('a = "x\ny"', "not closed on its line"),
    ("a = 'x", "not closed"),
    ('a = """x', "not closed"),
    ("a = '''x", "not closed"),
    ('a = "\\q"', "unknown escape"),
    ('a = "\\uD800"', "not a Unicode scalar"),
    ('a = "\\u12"', "hex digits"),
    ("a.b = 1", "dotted keys"),
    ("[[t]]", "arrays of tables"),
    ("[a.b]", "table header"),
    ("[a]\n[a]", "defined twice"),
    ("a = 1\na = 2", "defined twice"),
    ("a = 2024-13-40", "not a valid date"),
    ("a = truee", "expected a value"),
    ('a = "\x01"', "control character"),
    ("# \x01", "control character"),
    ("a = " + "[" * 40 + "]" * 40, "nested more than"),
]


@pytest.mark.parametrize(("text", "message"), BAD)
def test_bad_toml_names_line_and_column(text: str, message: str) -> None:
    with pytest.raises(toml.TomlError, match=message) as info:
        toml.loads(text)
    assert str(info.value).startswith("line ")


def test_not_text() -> None:
    with pytest.raises(toml.TomlError, match="TOML is text"):
        toml.loads(b"a = 1")  # type: ignore[arg-type]


def test_written_values_read_back() -> None:
    values = {"a": 1, "b key": 'q"\\\n\x7f', "c": [1, "x", True], "d": 1.5, "e": False}
    text = "\n".join(f"{toml.dumps_key(k)} = {toml.dumps_value(v)}" for k, v in values.items())
    assert toml.loads(text) == values
    with pytest.raises(TypeError):
        toml.dumps_value(object())
