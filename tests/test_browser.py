"""The app in Debian's Chromium through Playwright: type, translate, open every tab, see the plots.

SCREENSHOTS=1 also saves docs/screenshot-{translate,step,attention,train}.png. APP_CHECKPOINTS_DIR
points the app at another checkpoints folder (e.g. a copy of a real model) instead of tiny ones.
"""
from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from app_helpers import build_model_roots, served

from transformer_demo.service import Service

playwright = pytest.importorskip("playwright.sync_api", reason="the playwright package is not installed")
CHROMIUM = Path("/usr/bin/chromium")
DOCS = Path(__file__).resolve().parents[1] / "docs"
SCREENSHOTS = os.environ.get("SCREENSHOTS") == "1"
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
            executable_path=str(CHROMIUM),
            headless=True,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
            ],
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


def screenshot(page, name: str) -> None:
    if SCREENSHOTS:
        page.wait_for_timeout(1500)  # let the last streamed update settle (progress bars fade out)
        DOCS.mkdir(exist_ok=True)
        page.screenshot(path=str(DOCS / f"screenshot-{name}.png"), full_page=True)


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
    screenshot(page, "translate")


def test_step_by_step_tab(page):
    page.get_by_role("tab", name="Step by step").click()
    page.get_by_role("button", name="Start").click()
    page.get_by_text("Step 1 of").wait_for()
    page.get_by_role("button", name="Next ▶").click()
    page.get_by_text("Step 2 of").wait_for()
    assert rendered_plots(page, 2) == 2
    screenshot(page, "step")


def test_attention_tab(page):
    page.get_by_role("tab", name="Attention").click()
    page.get_by_role("button", name="Show attention").click()
    assert rendered_plots(page, 4) == 4
    screenshot(page, "attention")


def test_train_tab(page):
    page.get_by_role("tab", name="Train").click()
    steps = page.get_by_label("Steps (1 to 500)")
    steps.fill("300" if SCREENSHOTS else "20")  # a screenshot deserves a curve that has come down
    page.get_by_role("button", name="Train", exact=True).click()
    page.get_by_text("Done. Select").wait_for(timeout=TIMEOUT_MS * (10 if SCREENSHOTS else 1))
    assert rendered_plots(page, 1) == 1
    screenshot(page, "train")


def test_empty_input_shows_a_message(page):
    page.get_by_role("tab", name="Translate").click()
    box = page.get_by_label("Source text (one sentence per line)")
    box.fill("   ")
    box.press("Enter")
    page.get_by_text("the input is empty").first.wait_for()
