"""In the browser: a person plays a hand heads-up against the solver bot, replays it, and reads at each of
their decisions what the solved strategy does there; on a phone too. Screenshots are taken
(``$BADUGI_SCREENS`` keeps them, to be looked at)."""

from __future__ import annotations

from pathlib import Path

import pytest

from badugi.web.table import Pacing
from tests.web.conftest import running
from tests.web.test_browser import NO_BROWSER, browser_path, shoot, take_seat
from tests.web.test_browser_home_game import PHONE, WIDE, play_until

sync_api = pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.skipif(NO_BROWSER, reason="Debian's chromium is not installed")


@pytest.mark.parametrize(("viewport", "name"), [(WIDE, "replay-advice"), (PHONE, "replay-advice-phone")])
def test_a_replay_shows_the_solved_strategy_at_each_of_my_decisions(
    tmp_path: Path, viewport: dict[str, int], name: str
) -> None:
    problems: list[str] = []
    with (
        running(tmp_path / "db.sqlite3", Pacing(bot_delay=0.05, between_hands=0.3)) as server,
        sync_api.sync_playwright() as playwright,
    ):
        answer = server.create(
            seats=["person", "solver"], clock=0, hands=2, blinds=[10, 20], bets=[20, 40], ante=0
        )
        browser = playwright.chromium.launch(executable_path=browser_path(), args=["--no-sandbox"])
        try:
            page = browser.new_context(viewport=viewport).new_page()
            page.on("pageerror", lambda exc: problems.append(str(exc)))
            take_seat(page, answer["seats"][0]["join"])
            play_until([page], lambda: page.locator("#replay-hand option").count() >= 2)
            page.select_option("#replay-hand", "1")
            page.click("#replay-open")
            page.wait_for_selector("#replay:not([hidden])")
            for _ in range(40):
                if page.is_visible("#replay-advice"):
                    break
                page.click("#replay-next")
            text = page.inner_text("#replay-advice")
            assert text.startswith("The solved strategy here: ")
            assert "%" in text
            assert "You: " in text
            page.locator("#replay-advice").scroll_into_view_if_needed()
            shoot(page, tmp_path, name)
            box = page.locator("#replay-advice").bounding_box()
            assert box is not None
            assert box["x"] >= 0
            assert box["x"] + box["width"] <= viewport["width"]  # the line fits the screen
        finally:
            browser.close()
    assert problems == []
