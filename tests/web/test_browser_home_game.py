"""A home game through the pages, in Debian's Chromium: a host, two friends and a watcher, four browsers.

The host makes a home game; Ann (1280 px) and Bob (a phone, 390 px) take
their seats and name themselves; a watcher (a phone) looks on. They chat (a
message that looks like HTML is shown as text), Bob sits out and comes back,
somebody busts and rebuys, the ledger adds up, the host reissues Bob's link
(the old one refused, the new one his), pauses, and ends the game; Ann
replays a hand. Each step is asserted in the page, and screenshots are taken
(``$BADUGI_SCREENS`` keeps them, to be looked at).
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

WIDE = {"width": 1280, "height": 860}
PHONE = {"width": 390, "height": 844}
HTML_LOOKING = '<b>hi</b> <img src=x onerror="document.title=1">'


def play_a_turn(page: Any, *, bold: bool = False) -> bool:
    """Stand pat, check or call (or bet and raise, if ``bold``) if the page asks; whether it did."""
    moves = (
        (("#pat", "p"), ("#raise-box", "r"), ("#call", "c"), ("#check", "k"))
        if bold
        else (("#pat", "p"), ("#check", "k"), ("#call", "c"))
    )
    for selector, key in moves:
        if page.is_visible(selector):
            page.keyboard.press(key)
            page.wait_for_timeout(30)
            return True
    return False


def play_until(pages: list[Any], done: Any, timeout: float = 60, *, bold: bool = False) -> None:
    deadline = time.monotonic() + timeout
    while not done():
        assert time.monotonic() < deadline, "the game did not get there through the pages"
        for page in pages:
            play_a_turn(page, bold=bold)
        pages[0].wait_for_timeout(40)


def test_a_host_two_friends_and_a_watcher_play_a_home_game(tmp_path: Path) -> None:
    folder = tmp_path / "screens"
    folder.mkdir()
    problems: list[str] = []
    pacing = Pacing(bot_delay=0.05, between_hands=0.4)
    with running(tmp_path / "db.sqlite3", pacing) as server, sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=browser_path(), args=["--no-sandbox"])
        try:
            views = {"host": WIDE, "ann": WIDE, "bob": PHONE, "watcher": PHONE, "late": WIDE}
            pages = {who: browser.new_context(viewport=size).new_page() for who, size in views.items()}
            for page in pages.values():
                page.on("pageerror", lambda exc: problems.append(str(exc)))
                page.on("dialog", lambda dialog: dialog.accept())
            host, ann, bob, watcher = pages["host"], pages["ann"], pages["bob"], pages["watcher"]

            # The host makes a home game: short stacks, so that somebody busts.
            host.goto(server.base + "/")
            host.select_option("#mode", "home")
            host.fill("input[name=stacks]", "40")
            host.fill("input[name=clock]", "0")
            host.select_option("#count", "3")
            host.select_option("#seats li:nth-child(3) select", "simple")
            host.fill("#seats li:nth-child(1) input", "Ann")
            host.fill("#seats li:nth-child(2) input", "Player 2")
            shoot(host, folder, "home-create")
            host.click("#make")
            host.wait_for_selector("#made:not([hidden])")
            links = host.eval_on_selector_all("#links .link", "els => els.map(e => e.value)")
            host_link = next(link for link in links if "/host/" in link)
            joins = [link for link in links if "/join/" in link]
            watch_link = next(link for link in links if "/watch/" in link)
            host.reload()  # the links stay on the page that made them
            host.wait_for_selector("#made:not([hidden])")
            assert host.eval_on_selector_all("#links .link", "els => els.map(e => e.value)") == links
            shoot(host, folder, "home-links")

            # Two friends take their seats and name themselves; the watcher and the host look on.
            take_seat(ann, joins[0])
            bob.goto(joins[1])
            bob.wait_for_selector("#take:not([hidden])")
            bob.fill("#take-name", "Ann")  # a name taken: said, and the invitation is not spent
            bob.click("#take-form button")
            bob.wait_for_selector("#take-problem:has-text('looks like')")
            bob.fill("#take-name", "Bob")
            bob.click("#take-form button")
            bob.wait_for_selector("#play:not([hidden])")
            host.goto(host_link)
            host.wait_for_selector("#host:not([hidden])")
            watcher.goto(watch_link)
            watcher.wait_for_selector("#play:not([hidden])")
            ann.wait_for_selector(".seat[data-seat='1'] .name:has-text('Bob')")
            ann.wait_for_selector("#watchers:has-text('1 watching')")  # the players see how many watch

            # Chat: text, never HTML.
            ann.fill("#chat-text", HTML_LOOKING)
            ann.press("#chat-text", "Enter")
            ann.press("#chat-text", "Escape")  # out of the chat: the keys are the table's again
            for page in (bob, watcher, host):
                page.wait_for_selector(f"#chat li:has-text('{HTML_LOOKING[:8]}')")
                assert page.locator("#chat b, #chat img").count() == 0
                assert HTML_LOOKING in page.inner_text("#chat")
            shoot(bob, folder, "phone-chat")

            # Bob sits out: the next hands are Ann's and the bot's; then he sits in again.
            play_until([ann, bob], lambda: bob.is_visible("#sit-out"))
            bob.click("#sit-out")
            bob.wait_for_selector(".seat[data-seat='1'] .badge:has-text('sitting out')")
            play_until([ann], lambda: "sitting out" in watcher.inner_text(".seat[data-seat='1']"))
            shoot(watcher, folder, "watcher-sit-out")
            bob.click("#sit-in")
            bob.wait_for_selector("#sit-out:not([hidden])")

            # Somebody busts, and rebuys; the ledger adds up to nothing.
            def busted() -> bool:  # out of chips between hands: not dealt in, shown "out"
                return any(
                    page.locator(f".seat[data-seat='{seat}'] .badge.busted").count() > 0
                    for page, seat in ((ann, 0), (bob, 1))
                )

            try:
                play_until([ann, bob], busted, timeout=90, bold=True)
            except AssertionError:
                for who in ("ann", "bob", "host"):
                    shoot(pages[who], folder, f"stuck-{who}")
                raise
            loser = ann if ann.locator(".seat[data-seat='0'] .badge.busted").count() else bob
            loser.click("#rebuy")
            play_until(
                [ann, bob], lambda: loser.locator("#log li.notice:has-text('rebuys 40 chips')").count() > 0
            )
            loser.wait_for_selector("#ledger tbody tr")
            nets = loser.eval_on_selector_all(
                "#ledger tbody tr td:last-child", "els => els.map(e => e.textContent)"
            )
            assert sum(int(n.replace(",", "")) for n in nets) == 0
            shoot(loser, folder, "rebuy-ledger")
            shoot(host, folder, "host-page")
            shoot(watcher, folder, "watcher")

            # The host sends Bob a new link: the old one opens nothing, the new one is his.
            bob_row = host.locator("#host-seats tbody tr").nth(1)
            bob_row.locator("button:has-text('New invitation')").click()
            host.wait_for_selector("#host-links .link")
            new_link = host.eval_on_selector("#host-links .link", "e => e.value")
            bob.wait_for_selector("#refused:not([hidden])")
            late = pages["late"]
            late.goto(joins[1])
            late.wait_for_selector("#refused:not([hidden]), #take:not([hidden])")
            if late.is_visible("#take"):
                late.click("#take-form button")
                late.wait_for_selector("#refused:not([hidden])")
            assert "not valid" in late.inner_text("#refused") or "replaced" in late.inner_text("#refused")
            take_seat(bob, new_link, "Bob")

            # The host pauses: everyone is told; then the game goes on, and the host ends it.
            host.click("#host button[data-do=pause]")
            ann.wait_for_selector("#banner:has-text('The host has paused the table.')")
            shoot(ann, folder, "paused")
            host.click("#host button[data-do=resume]")
            ann.wait_for_selector("#banner", state="hidden")
            play_until([ann, bob], lambda: ann.locator("#replay-hand option").count() >= 2)
            host.click("#host button[data-do=end]")
            ann.wait_for_selector("#end:not([hidden])")
            assert ann.inner_text("#end-title") == "The host has ended the game"
            shoot(ann, folder, "ended")
            ann.click("#end-close")
            assert ann.is_hidden("#end")
            with ann.expect_download() as download:
                ann.click("button.download[data-format=json]")
            assert Path(download.value.path()).read_text().strip()
            ann.reload()
            ann.wait_for_selector("#play:not([hidden])")
            ann.wait_for_timeout(300)
            assert ann.is_hidden("#end")  # closed once: it does not come back

            # Every hand again: Ann replays the first, as she saw it.
            ann.select_option("#replay-hand", "1")
            ann.click("#replay-open")
            ann.wait_for_selector("#replay:not([hidden])")
            assert ann.locator("#replay-cards .card").count() == 4
            ann.click("#replay-last")
            ann.wait_for_selector("#replay-felt .outcome div, #replay-felt .outcome:has-text('wins')")
            shoot(ann, folder, "replay")
            ann.click("#replay-close")
            assert ann.is_visible("#play")
        finally:
            browser.close()
    assert problems == []
    shots = {p.stem for p in folder.iterdir()}
    assert {
        "home-create",
        "phone-chat",
        "rebuy-ledger",
        "host-page",
        "watcher",
        "paused",
        "ended",
        "replay",
    } <= shots
