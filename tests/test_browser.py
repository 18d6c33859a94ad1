"""The app in Debian's Chromium through Playwright: type, translate, open every tab, see the plots.

APP_CHECKPOINTS_DIR points the app at another checkpoints folder (e.g. a copy of a real model) instead of tiny
ones. The screenshots in docs/ come from python -m transformer_demo.ui.screenshots.
"""
from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from app_helpers import build_model_roots, served

from transformer_demo.service import Service
from transformer_demo.ui.local import CHROMIUM, CHROMIUM_ARGS

playwright = pytest.importorskip("playwright.sync_api", reason="the playwright package is not installed")
TIMEOUT_MS = 120_000  # a busy shared CPU can be slow; a healthy run takes a few seconds per action

pytestmark = [
    pytest.mark.browser,
    pytest.mark.slow,
    pytest.mark.skipif(not CHROMIUM.exists(), reason=f"{CHROMIUM} not found (apt-get install chromium)"),
]


@pytest.fixture(scope="module")
def app_url(tmp_path_factory) -> Iterator[str]:
    checkpoints, runs = build_model_roots(tmp_path_factory.mktemp("browser"))
    checkpoints = Path(os.environ.get("APP_CHECKPOINTS_DIR", checkpoints))
    with served(Service(checkpoints, runs, data_dir=None, device="cpu", max_train_steps=500)) as url:
        yield url


@pytest.fixture(scope="module")
def page(app_url: str):
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS,
        )
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.set_default_timeout(TIMEOUT_MS)
        page.goto(app_url)
        page.get_by_text("Transformer demo").first.wait_for()
        yield page
        browser.close()


def rendered_plots(page, at_least: int) -> int:
    """Waits until at least this many matplotlib images are on the visible tab; returns how many there are."""
    images = page.locator("[role=tabpanel]:visible img[src^='data:image/png']")
    images.nth(at_least - 1).wait_for()
    return images.count()


def test_translate_by_pressing_enter(page):
    box = page.get_by_label("Source text (one sentence per line)")
    page.get_by_text("Two dogs are playing in the snow.").click()  # an example suited to the model
    playwright.expect(box).to_have_value("Two dogs are playing in the snow.")
    box.fill("A man is riding a bike.")
    box.press("Enter")
    info = page.get_by_text("Translated 1 sentence in")
    info.wait_for()
    assert "greedy" in info.inner_text()
    assert page.locator("#translation textarea").count() == 1


def test_step_by_step_tab(page):
    page.get_by_role("tab", name="Step by step").click()
    page.get_by_role("button", name="Start").click()
    page.get_by_text("Step 1 of").wait_for()
    page.get_by_role("button", name="Next ▶").click()
    page.get_by_text("Step 2 of").wait_for()
    assert rendered_plots(page, 2) == 2


def test_attention_tab(page):
    page.get_by_role("tab", name="Attention").click()
    page.get_by_role("button", name="Show attention").click()
    assert rendered_plots(page, 4) == 4
    page.locator("[role=tabpanel]:visible .attn-view[data-ready] .attn-tok").first.wait_for()  # the interactive view


def test_train_tab(page):
    page.get_by_role("tab", name="Train").click()
    steps = page.get_by_label("Steps (1 to 500)")
    steps.fill("20")
    page.get_by_role("button", name="Train", exact=True).click()
    page.get_by_text("Done. Select").wait_for()
    assert rendered_plots(page, 1) == 1


def test_empty_input_shows_a_message(page):
    page.get_by_role("tab", name="Translate").click()
    box = page.get_by_label("Source text (one sentence per line)")
    box.fill("   ")
    box.press("Enter")
    page.get_by_text("the input is empty").first.wait_for()
