"""Two friends and two bots play a short match through the page, in Debian's Chromium (Playwright).

Nothing is downloaded: Playwright's Python package drives ``/usr/bin/chromium``
through ``executable_path``. The test skips only when that browser is not
installed. Screenshots are saved in the test's folder, and copied to
``$BADUGI_SCREENS`` when it is set, to be looked at.
"""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path
from typing import Any

import pytest

from badugi.web.table import Pacing
from tests.web.conftest import running

sync_api = pytest.importorskip("playwright.sync_api")
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
#: Without the browser these tests skip on a developer's machine, and fail in CI, where a skip is silent.
NO_BROWSER = CHROMIUM is None and os.environ.get("CI") != "true"
pytestmark = pytest.mark.skipif(
    NO_BROWSER, reason="Debian's chromium is not installed (apt-get install chromium)"
)


def browser_path() -> str:
    """Debian's chromium, which CI must have (``.ci/system-tools`` installs it)."""
    assert CHROMIUM is not None, "CI needs Debian's chromium (apt-get install chromium): it is not installed"
    return CHROMIUM


FOUR_COLOURS = {
    "c": "rgb(19, 122, 46)",
    "d": "rgb(23, 70, 184)",
    "h": "rgb(196, 26, 26)",
    "s": "rgb(17, 17, 17)",
}


def shoot(page: Any, folder: Path, name: str) -> None:
    path = folder / f"{name}.png"
    page.screenshot(path=str(path))
    screens = os.environ.get("BADUGI_SCREENS")
    if screens:
        Path(screens).mkdir(parents=True, exist_ok=True)
        shutil.copy(path, Path(screens) / path.name)


def take_turn(page: Any, turn: int, shots: dict[str, bool], folder: Path) -> bool:
    """Act if the page asks: keys for the bets, a click on a card to throw it; whether it acted."""
    if page.is_visible("#pat"):
        if turn % 2 == 0:
            page.click("#my-cards button.card >> nth=0")
            if not shots.get("draw"):
                shoot(page, folder, "draw")
                shots["draw"] = True
            page.keyboard.press("d")
        else:
            page.keyboard.press("p")
        return True
    for selector, key in (("#check", "k"), ("#call", "c")):
        if page.is_visible(selector):
            page.keyboard.press(key)
            return True
    return False


def take_seat(page: Any, link: str, name: str | None = None) -> None:
    """Open an invitation and take the seat (the name the table gave it, or ``name``)."""
    page.goto(link)
    page.wait_for_selector("#take:not([hidden])")
    if name is not None:
        page.fill("#take-name", name)
    page.click("#take-form button")
    page.wait_for_selector("#play:not([hidden])")


def test_two_friends_and_two_bots_play_a_match(tmp_path: Path) -> None:
    folder = tmp_path / "screens"
    folder.mkdir()
    problems: list[str] = []
    pacing = Pacing(bot_delay=0.05, between_hands=0.6)
    with running(tmp_path / "db.sqlite3", pacing) as server, sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=browser_path(), args=["--no-sandbox"])
        try:
            friends = [browser.new_context(viewport={"width": 1280, "height": 820}) for _ in range(3)]
            pages = [context.new_page() for context in friends]
            for page in pages:
                page.on("pageerror", lambda exc: problems.append(str(exc)))
                page.on(
                    "console",
                    lambda m: problems.append(m.text) if m.type == "error" and "409" not in m.text else None,
                )
            maker = pages[0]
            maker.goto(server.base + "/")
            maker.fill("input[name=hands]", "2")
            maker.fill("input[name=clock]", "0")
            maker.fill("input[name=hands_per_level]", "1")  # the stakes rise before the second hand
            maker.select_option("#seats li:nth-child(3) select", "simple")
            maker.select_option("#seats li:nth-child(4) select", "random")
            maker.fill("#seats li:nth-child(1) input", "Ann")
            maker.fill("#seats li:nth-child(2) input", "Bob")
            shoot(maker, folder, "create")
            maker.click("#make")
            maker.wait_for_selector("#made:not([hidden])")
            shoot(maker, folder, "links")
            every = maker.eval_on_selector_all("#links .link", "els => els.map(e => e.value)")
            links = [link for link in every if "/join/" in link]
            assert len(links) == 2
            assert len(every) == 4  # and the host's link, and the watchers'
            for page, link in zip(pages[:2], links, strict=True):
                take_seat(page, link)
            colours = pages[0].evaluate(
                """() => Object.fromEntries(['c', 'd', 'h', 's'].map(s => {
                    const e = document.createElement('span'); e.className = 'card suit-' + s;
                    document.body.append(e); const c = getComputedStyle(e).color;
                    e.remove(); return [s, c];
                }))"""
            )
            assert colours == FOUR_COLOURS
            shots: dict[str, bool] = {}
            deadline, turn = time.monotonic() + 60, 0
            while not all(page.is_visible("#end") for page in pages[:2]):  # the end, shown in the page
                assert time.monotonic() < deadline, "the match did not end through the page"
                for page in pages[:2]:
                    if take_turn(page, turn, shots, folder):
                        turn += 1
                        page.wait_for_timeout(60)
                        if turn == 3:
                            shoot(page, folder, "table")
                    if page.is_visible("#outcome div") and not shots.get("showdown"):
                        shoot(page, folder, "showdown")
                        shots["showdown"] = True
                pages[0].wait_for_timeout(40)
            shoot(pages[0], folder, "end")
            assert "The stakes rise: ante 15, bets 30/60" in pages[0].inner_text("#log")
            rows = pages[0].locator("#standings tbody tr")
            assert rows.count() == 4
            names = {rows.nth(i).locator("td").nth(1).inner_text() for i in range(4)}
            assert {"Ann", "Bob"} <= names
            # The end's panel closes, and the page stays usable: the seat's own record, downloaded through
            # the page (its key sent as a header).
            pages[0].click("#end-close")
            with pages[0].expect_download() as download:
                pages[0].click("button.download[data-format=json]")
            lines = Path(download.value.path()).read_text().splitlines()
            assert len(lines) == 2
            # A third friend opens a link already used: refused, and shown why.
            pages[2].goto(links[0])
            pages[2].wait_for_selector("#refused:not([hidden]), #take:not([hidden])")
            if pages[2].is_visible("#take"):
                pages[2].click("#take-form button")
                pages[2].wait_for_selector("#refused:not([hidden])")
            assert "already used" in pages[2].inner_text("#refused")
            assert pages[2].is_hidden("#play")
            shoot(pages[2], folder, "refused")
            # The first friend reloads: the browser kept its key, and the seat is its own again; the end's
            # panel, closed once, does not come back, and the hands are there to replay.
            pages[0].reload()
            pages[0].wait_for_selector("#play:not([hidden])")
            pages[0].wait_for_function("document.querySelectorAll('#replay-hand option').length === 3")
            assert pages[0].is_hidden("#end")
        finally:
            browser.close()
    assert problems == []
    assert {"create", "links", "table", "draw", "showdown", "end", "refused"} <= {
        p.stem for p in folder.iterdir()
    }
