"""The table's page on a phone and at a showdown, in Debian's Chromium: everything on the screen, legible.

Found by looking at screenshots: at 390 px wide the seats at the sides and
the fifth card of a five-card game were cut off by the screen's edge; at a
Badeucy showdown a hand's two names broke across lines mid-name; the one
amount fixed limit allows was grey on grey. Each is measured here in the
browser, not looked at: boxes inside the screen, one line box per name,
the amount in the page's ink.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from badugi.web.table import Pacing
from tests.web.conftest import running
from tests.web.test_browser import NO_BROWSER, browser_path, shoot, take_seat

sync_api = pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.skipif(NO_BROWSER, reason="Debian's chromium is not installed")

PHONE = {"width": 390, "height": 844}
WIDE = {"width": 1280, "height": 820}
INK = "rgb(27, 27, 27)"

#: The boxes of every seat, card and button, each as [left, right] in CSS pixels, and the screen's width.
SPANS = """() => ({
    width: document.documentElement.clientWidth,
    boxes: [...document.querySelectorAll('.seat, #my-cards .card, #actions button:not([hidden])')]
        .filter(e => e.offsetParent !== null)
        .map(e => { const r = e.getBoundingClientRect();
                    return [e.className || e.id, Math.round(r.left), Math.round(r.right)]; }),
})"""
#: How many line boxes each hand name at the showdown takes.
NAME_LINES = """() => [...document.querySelectorAll('.seat .handname')].map(e => {
    const range = document.createRange(); range.selectNodeContents(e);
    return [e.textContent, new Set([...range.getClientRects()].map(r => Math.round(r.top))).size];
})"""
#: Whether the pot's words in the middle of the felt overlap a seat.
MIDDLE_HIDDEN = """() => {
    const m = document.querySelector('#felt .middle').getBoundingClientRect();
    return [...document.querySelectorAll('.seat')].some(e => { const r = e.getBoundingClientRect();
        return r.left < m.right && m.left < r.right && r.top < m.bottom && m.top < r.bottom; });
}"""


COLOUR = "e => getComputedStyle(e).color"


def off_screen(page: Any) -> list[Any]:
    spans = page.evaluate(SPANS)
    return [box for box in spans["boxes"] if box[1] < 0 or box[2] > spans["width"] + 1]


def test_a_phone_and_a_showdown_keep_everything_on_the_screen(tmp_path: Path) -> None:
    folder = tmp_path / "screens"
    folder.mkdir()
    pacing = Pacing(bot_delay=0.05, between_hands=3.0)
    with running(tmp_path / "db.sqlite3", pacing) as server, sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=browser_path(), args=["--no-sandbox"])
        try:
            answer = server.create(
                game="badeucy", seats=["person", "person", "simple", "random"], seed=12, clock=30, hands=1
            )
            links = [s["join"] for s in answer["seats"] if "join" in s]
            pages = []
            for link, viewport in zip(links, (WIDE, PHONE), strict=True):
                page = browser.new_context(viewport=viewport).new_page()
                take_seat(page, link)
                pages.append(page)
            wide, phone = pages
            looked: dict[str, Any] = {}
            deadline = time.monotonic() + 60
            while "showdown" not in looked:
                assert time.monotonic() < deadline, "no showdown through the page"
                for page in pages:
                    if page.is_visible("#outcome div"):
                        page.wait_for_timeout(100)
                        looked["showdown"] = (page.evaluate(NAME_LINES), off_screen(phone))
                        looked["middle hidden"] = phone.evaluate(MIDDLE_HIDDEN)
                        shoot(phone, folder, "phone-showdown")
                        shoot(wide, folder, "wide-showdown")
                        break
                    if page.is_visible("#pat"):
                        page.keyboard.press("p")
                    elif page.is_visible("#check") or page.is_visible("#call"):
                        if page is phone and "turn" not in looked:
                            looked["turn"] = off_screen(phone)
                            shoot(phone, folder, "phone-turn")
                        if page.is_visible("#amount:disabled") and "amount" not in looked:
                            looked["amount"] = page.eval_on_selector("#amount", COLOUR)
                        page.keyboard.press("k" if page.is_visible("#check") else "c")
                time.sleep(0.05)
        finally:
            browser.close()
    names, cut_at_the_showdown = looked["showdown"]
    assert looked["turn"] == [], "cut off by a phone's edge on its turn"
    assert cut_at_the_showdown == [], "cut off by a phone's edge at the showdown"
    assert not looked["middle hidden"], "the pot's words under a seat on a phone"
    assert names
    assert all(lines == 1 for _, lines in names), names
    assert looked["amount"] == INK
