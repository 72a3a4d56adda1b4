"""What a new user saw out of place, measured in Chromium: each box where it belongs, each line whole.

Found by looking at screenshots: at 390 px the stakes box's heading broke its
border and a busted seat squeezed to "Ann / 0 / chips"; at 1280 px "Take this
seat" wrapped and a card picked to throw rose into the clock's bar. Each is
measured here in the page (boxes and line boxes), not looked at.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from badugi.web.table import Pacing
from tests.web.conftest import running
from tests.web.test_browser import NO_BROWSER, browser_path, take_seat

sync_api = pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.skipif(NO_BROWSER, reason="Debian's chromium is not installed")

PHONE = {"width": 390, "height": 844}
WIDE = {"width": 1280, "height": 820}

#: How many line boxes an element's text takes.
LINES = """e => { const range = document.createRange(); range.selectNodeContents(e);
    const tops = [...range.getClientRects()].map(r => r.top).sort((a, b) => a - b);
    return tops.filter((top, k) => k === 0 || top - tops[k - 1] > 6).length; }"""  # a badge sits a few px off
#: Whether every legend stays on one line inside its fieldset (a legend that wraps breaks the border).
LEGENDS_WHOLE = """() => [...document.querySelectorAll('fieldset')].every(f => {
    const legend = f.querySelector('legend');
    const l = legend.getBoundingClientRect(), b = f.getBoundingClientRect();
    const range = document.createRange(); range.selectNodeContents(legend);
    const lines = new Set([...range.getClientRects()].map(r => Math.round(r.top))).size;
    return lines === 1 && l.left >= b.left && l.right <= b.right; })"""
#: Whether two elements sit on one row (their boxes overlap from top to bottom).
OVERLAP_ROWS = """([a, b]) => { const r = document.querySelector(a).getBoundingClientRect(),
    s = document.querySelector(b).getBoundingClientRect(); return r.top < s.bottom && s.top < r.bottom; }"""
#: Whether two elements' boxes overlap.
OVERLAP = """([a, b]) => { const r = document.querySelector(a).getBoundingClientRect(),
    s = document.querySelector(b).getBoundingClientRect();
    return r.left < s.right && s.left < r.right && r.top < s.bottom && s.top < r.bottom; }"""


def test_the_pages_keep_their_boxes_and_lines(tmp_path: Path) -> None:
    looked: dict[str, Any] = {}
    with (
        running(tmp_path / "db.sqlite3", Pacing(0.05, 0.3)) as server,
        sync_api.sync_playwright() as playwright,
    ):
        browser = playwright.chromium.launch(executable_path=browser_path(), args=["--no-sandbox"])
        try:
            phone = browser.new_context(viewport=PHONE).new_page()
            phone.goto(server.base + "/")
            looked["legends whole at 390 px"] = phone.evaluate(LEGENDS_WHOLE)
            wide = browser.new_context(viewport=WIDE).new_page()
            wide.goto(server.base + "/")
            wide.click("#make")
            wide.wait_for_selector("#made:not([hidden])")
            looked["take this seat, lines"] = [
                wide.eval_on_selector(f"#links li:nth-child({n}) a.take", LINES) for n in (2, 3)
            ]
            looked["a link's row, one line"] = [  # the name, the link, Copy and "Take this seat" side by side
                wide.evaluate(
                    OVERLAP_ROWS, [f"#links li:nth-child({n}) .who", f"#links li:nth-child({n}) a.take"]
                )
                for n in (2, 3)
            ]
            # A busted seat on a phone, and a card picked to throw under the clock, at 1280 px.
            answer = server.create(seats=["person", "person"], stacks=20, ante=10, bets=[20, 40], clock=60)
            take_seat(wide, answer["seats"][0]["join"], "Annabelle")
            take_seat(phone, answer["seats"][1]["join"], "Bob")
            for _ in range(400):  # stand pat, or check, or call, until somebody has no chips
                for page in (wide, phone):
                    if page.is_visible("#pat"):
                        if not looked.get("picked"):
                            page.click("#my-cards button.card >> nth=0")
                            looked["picked"] = page.evaluate(OVERLAP, ["#my-cards .picked", "#clock"])
                        page.keyboard.press("p")
                    elif page.is_visible("#check"):
                        page.keyboard.press("k")
                    elif page.is_visible("#call"):
                        page.keyboard.press("c")
                busted = phone.locator(".seat .badge.busted")
                if busted.count():
                    seat = phone.locator(".seat:has(.badge.busted)")
                    looked["busted chips, lines"] = seat.locator(".chips").evaluate(LINES)
                    looked["busted name, lines"] = seat.locator(".name").evaluate(LINES)
                    break
                wide.wait_for_timeout(50)
        finally:
            browser.close()
    assert looked["legends whole at 390 px"]
    assert looked["take this seat, lines"] == [1, 1]
    assert looked["a link's row, one line"] == [True, True]
    assert looked["picked"] is False, "a card picked to throw rose into the clock's bar"
    assert looked["busted chips, lines"] == 1
    assert looked["busted name, lines"] == 1
