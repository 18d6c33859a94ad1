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


def test_every_tab_is_reachable_by_its_name_in_one_row(page):
    width, rows = page.viewport_size["width"], set()
    for name, _ in TABS.values():
        tab = page.get_by_role("tab", name=name, exact=True)
        tab.scroll_into_view_if_needed()  # on a phone the bar scrolls sideways
        playwright.expect(tab).to_be_visible()
        box = tab.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, f"tab {name!r} is off the screen"
        rows.add(round(box["y"]))
    assert len(rows) == 1, f"the tab bar has {len(rows)} rows"
    assert page.locator(".overflow-menu:visible").count() == 0  # no unlabelled "..." menu


def test_the_first_screen_holds_the_text_box_an_example_and_the_button(page):
    page.evaluate("window.scrollTo(0, 0)")
    open_tab(page, "translate")
    page.evaluate("window.scrollTo(0, 0)")
    height = page.viewport_size["height"]
    for what in (page.get_by_label("Source text (one sentence per line)"),
                 page.locator("#examples .gallery-item").first,
                 page.get_by_role("button", name="Translate", exact=True)):
        box = what.bounding_box()
        assert box and box["y"] + box["height"] <= height, f"{what} ends at {box and box['y'] + box['height']:.0f} px"
    playwright.expect(page.locator(".tab-intro:visible")).to_have_count(0)  # the long help is folded away


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


def test_attention_opens_on_nothing_then_draws_readable_described_figures(page):
    open_tab(page, "attention")
    figures = page.locator(f"{PANEL} .attn-figures img")
    if not figures.count():  # the first visit: no empty plot frames before Show attention
        assert page.locator(f"{PANEL} [data-testid=matplotlib], {PANEL} .empty").count() == 0
    page.get_by_role("button", name="Show attention").click()
    figures.nth(3).wait_for()
    page.locator(f"{PANEL} .attn-view[data-ready] .attn-tok").first.wait_for()  # the interactive view
    alts = figures.evaluate_all("images => images.map(image => image.alt)")
    assert len(alts) == 4 and all("heatmap" in alt.lower() and "undefined" not in alt for alt in alts), alts
    shown, natural = figures.nth(2).evaluate("image => [image.clientWidth, image.naturalWidth]")  # the layer's heads
    width = page.viewport_size["width"]
    if width < 640:  # a phone: at natural size (scrolling sideways), so its 10 pt text stays >= 10 px
        assert shown == natural
    else:  # a desktop: the interactive view uses the width
        view = page.locator(f"{PANEL} .attn-columns").bounding_box()["width"]
        assert view >= 0.8 * page.locator(PANEL).bounding_box()["width"]
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


# --- Layer by layer (issue 27) ---


def test_layer_by_layer_redraws_the_head_panel_for_another_head(page):
    open_tab(page, "layers")
    page.get_by_role("button", name="Show the layers").click()
    head_panel = page.locator(f"{PANEL} .lv").nth(2)
    playwright.expect(head_panel).to_contain_text("head 1 of 4")
    before = head_panel.inner_html()
    embeddings = page.locator(f"{PANEL} .lv").first.inner_html()
    head = page.locator(PANEL).get_by_label("number input for Head")
    head.fill("3")
    head.press("Tab")  # a slider's box is released when it loses focus
    playwright.expect(head_panel).to_contain_text("head 3 of 4")
    assert head_panel.inner_html() != before
    assert page.locator(f"{PANEL} .lv").first.inner_html() == embeddings  # a panel without heads stays as it was
    page.locator(PANEL).get_by_label("Token (panels 1 to 4: the encoder)").click()
    page.get_by_role("option").nth(1).click()  # the second token
    rows = page.locator(f"{PANEL} .lv").first.locator("tbody tr")
    playwright.expect(rows.nth(1)).to_have_class("lv-chosen")
    playwright.expect(rows.nth(0)).not_to_have_class("lv-chosen")
    width = page.viewport_size["width"]
    boxes = page.locator(f"{PANEL} .lv").evaluate_all("nodes => nodes.map(n => n.getBoundingClientRect().right)")
    assert len(boxes) == 6 and max(boxes) <= width
    sizes = page.locator(f"{PANEL} .lv td, {PANEL} .lv th, {PANEL} .lv p").evaluate_all(
        "nodes => nodes.filter(n => n.innerText.trim()).map(n => parseFloat(getComputedStyle(n).fontSize))"
    )
    assert sizes and min(sizes) >= MIN_TEXT_PX


def test_layer_by_layer_error_clears_the_panels(page):
    open_tab(page, "layers")
    box = page.locator(PANEL).get_by_label("Sentence", exact=True)
    panels = page.locator(f"{PANEL} .lv")
    for text, count in (("   ", 0), ("A man is riding a bike.", 6), ("   ", 0)):  # from no panels, so no race
        box.fill(text)
        box.press("Enter")
        playwright.expect(panels).to_have_count(count)
    page.get_by_text("the input is empty").first.wait_for()
