"""The app in Debian's Chromium through Playwright, at a desktop's and a phone's width: every tab reachable, text
readable, every action answered in the page.

APP_CHECKPOINTS_DIR points the app at another checkpoints folder (e.g. a copy of a real model) instead of tiny ones.
The screenshots in docs/ come from `python -m transformer_demo.ui.screenshots`, which drives the tabs the same way.
"""
from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from app_helpers import build_model_roots, served

from transformer_demo import viz
from transformer_demo.services.service import Service
from transformer_demo.ui.local import CHROMIUM, CHROMIUM_ARGS
from transformer_demo.ui.screenshots import HEIGHT, TABS, WIDTHS

playwright = pytest.importorskip("playwright.sync_api", reason="the playwright package is not installed")
TIMEOUT_MS = 120_000  # a busy shared CPU can be slow; a healthy run takes a few seconds per action
TRAIN_TIMEOUT_MS = 3 * TIMEOUT_MS  # preparing the data and stopping wait for the shared CPU
MIN_TEXT_PX = 10
PANEL = "[role=tabpanel]:visible"

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
def browser():
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture(scope="module", params=WIDTHS, ids=lambda width: f"{width}px")
def page(request, browser, app_url: str):
    page = browser.new_page(viewport={"width": request.param, "height": HEIGHT[request.param]})
    page.set_default_timeout(TIMEOUT_MS)
    page.goto(app_url)
    page.get_by_text("Transformer demo").first.wait_for()
    yield page
    page.close()


def open_tab(page, tab: str) -> None:
    """By its name only: no "More tabs" menu to fall back on."""
    page.get_by_role("tab", name=TABS[tab][0], exact=True).click()


def test_every_tab_is_reachable_by_its_name(page):
    width = page.viewport_size["width"]
    for name, _ in TABS.values():
        tab = page.get_by_role("tab", name=name, exact=True)
        playwright.expect(tab).to_be_visible()
        box = tab.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, f"tab {name!r} is off the screen"
    assert page.locator(".overflow-menu:visible").count() == 0  # no unlabelled "..." menu


def test_the_model_picker_shows_name_pair_and_score(page):
    room = page.locator("#model-picker input").evaluate(
        """input => {
            const style = getComputedStyle(input);
            const context = document.createElement("canvas").getContext("2d");
            context.font = style.font;
            const shown = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
            const needed = context.measureText(input.value.split(" · ").slice(0, 3).join(" · ")).width;
            return [input.value, needed, shown];
        }"""
    )
    value, needed, shown = room
    assert value.startswith("tiny-en-de · en→de · val loss 4.50")
    assert needed <= shown, f"name, pair and score need {needed:.0f} px, the picker shows {shown:.0f} px"


def test_translate_options_come_before_the_button_and_enter_translates(page):
    open_tab(page, "translate")
    box = page.get_by_label("Source text (one sentence per line)")
    page.get_by_text("Two dogs are playing in the snow.").click()  # an example suited to the model
    playwright.expect(box).to_have_value("Two dogs are playing in the snow.")
    decoding = page.locator(PANEL).get_by_text("Decoding", exact=True).bounding_box()
    button = page.get_by_role("button", name="Translate", exact=True).bounding_box()
    assert decoding["y"] < button["y"]
    box.fill("A man is riding a bike.")
    box.press("Enter")
    info = page.get_by_text("Translated 1 sentence in")
    info.wait_for()
    assert "greedy" in info.inner_text()


def test_the_scores_table_fits_and_keeps_numbers_on_one_line(page):
    open_tab(page, "translate")
    page.get_by_label("beam").check()
    page.get_by_label("Source text (one sentence per line)").fill("A man is riding a bike.\nA woman is cooking.")
    page.get_by_role("button", name="Translate", exact=True).click()
    page.get_by_text("Translated 2 sentences in").wait_for()
    page.get_by_text("Scores: log-probabilities").click()
    page.get_by_text("Beam search ranked these by").wait_for()
    cells = page.locator(f"{PANEL} .scroll-table td").evaluate_all(
        """cells => cells.map(cell => {
            const range = document.createRange();
            range.selectNodeContents(cell);
            return [cell.cellIndex, cell.innerText, cell.getBoundingClientRect().width, range.getClientRects().length];
        })"""
    )
    assert len(cells) == 2 * 3 * 4  # two lines, three outputs each, four columns
    for column, text, width, lines in cells:
        if column != 1:  # rank and the two scores: one line each
            assert lines == 1, f"{text!r} broken over {lines} lines"
        assert width >= 24, f"column {column} is {width:.0f} px wide"
    page.get_by_label("greedy").check()


def test_an_error_clears_the_previous_result(page):
    open_tab(page, "translate")
    box = page.get_by_label("Source text (one sentence per line)")
    box.fill("A man is riding a bike.")
    box.press("Enter")
    page.get_by_text("Translated 1 sentence in").wait_for()
    box.fill("   ")
    box.press("Enter")
    page.get_by_text("the input is empty").first.wait_for()
    playwright.expect(page.get_by_text("Translated 1 sentence in")).to_have_count(0)
    playwright.expect(page.locator("#translation textarea")).to_have_value("")


def test_step_by_step_starts_at_step_1_and_says_when_it_is_finished(page):
    open_tab(page, "step")
    hints = page.locator(PANEL).get_by_text("Press Start")
    assert hints.count() >= 2  # the status line and the empty views say what to press
    page.get_by_role("button", name="Next ▶", exact=True).click()  # before Start
    page.get_by_text("Step 1 of").wait_for()
    playwright.expect(page.locator(PANEL).get_by_text("starts a new word").first).to_be_visible()
    page.get_by_role("button", name="Run to end ▶▶").click()
    page.get_by_text("The decoding is finished").wait_for()
    page.get_by_role("button", name="Next ▶", exact=True).click()
    page.get_by_text("There is no step after this one").wait_for()
    sizes = page.locator(f"{PANEL} .step-bars span, {PANEL} .step-heat td").evaluate_all(
        "nodes => nodes.filter(n => n.innerText).map(n => parseFloat(getComputedStyle(n).fontSize))"
    )
    assert sizes and min(sizes) >= MIN_TEXT_PX


def test_attention_head_redraws_on_enter(page):
    open_tab(page, "attention")
    page.get_by_role("button", name="Show attention").click()
    page.locator(f"{PANEL} img[src^='data:image/png']").nth(3).wait_for()
    page.locator(f"{PANEL} .attn-view[data-ready] .attn-tok").first.wait_for()  # the interactive view
    head = page.get_by_label("Head to enlarge (Enter to redraw)")
    head.fill("3")
    head.press("Enter")
    page.get_by_text("head 3 of 4").wait_for()


def test_train_answers_stop_and_says_what_was_evaluated(page):
    open_tab(page, "train")
    page.get_by_text("then press Train").wait_for()  # the empty area says what to press
    stop = page.get_by_role("button", name="Stop", exact=True)
    stop.click()
    page.get_by_text("No training job is running.").wait_for()
    steps = page.get_by_label("Steps (1 to 500)")
    steps.fill("0")
    page.get_by_role("button", name="Train", exact=True).click()
    page.get_by_text("Not started: steps must be a whole number").wait_for()  # a refusal, said in the page
    steps.fill("400")
    page.get_by_role("button", name="Train", exact=True).click()
    page.locator(PANEL).locator("strong", has_text="Step ").first.wait_for(timeout=TRAIN_TIMEOUT_MS)
    stop.click()
    done = page.locator(PANEL).get_by_text("Done. Select")
    # The note says so until the run ends; a run that ends within a poll of the page clears it at once.
    page.get_by_text("Stopping after the current step").or_(done).first.wait_for(timeout=TRAIN_TIMEOUT_MS)
    done.wait_for(timeout=TRAIN_TIMEOUT_MS)
    stopped = int(re.search(r"stopped at step (\d+)", page.locator(PANEL).inner_text()).group(1))
    if stopped < 200:  # the first evaluation is at step 200
        assert "before its first evaluation" in done.inner_text()
        playwright.expect(page.get_by_text("Sample outputs appear")).to_have_count(0)  # no promise left behind
    else:  # a slow Stop on a busy machine: the status names the evaluation there was
        assert "Evaluated at step 200; the model kept is the one of step 200" in done.inner_text()
        page.get_by_text("Samples at step 200, the last evaluation").wait_for()
    chart = page.locator(f"{PANEL} img[src^='data:image/png']")
    shown, natural = chart.evaluate("img => [img.clientWidth, img.naturalWidth]")
    dpi = natural / viz.LOSS_WIDTH_INCHES
    assert viz.LOSS_MIN_FONT_PT / 72 * dpi * shown / natural >= MIN_TEXT_PX
