"""The interactive attention view: the HTML it generates, and in Chromium (in the app on the shipped en→de model, and
standalone at phone width with a 40-token sentence) that pointing at a token shows where it looks."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import numpy as np
import pytest

from transformer_demo.attention_view import AttentionPanel, attention_view, standalone_page
from transformer_demo.ui.local import CHROMIUM, CHROMIUM_ARGS

REPO = Path(__file__).resolve().parents[1]


def random_maps(
    n_queries: int, n_keys: int, layers: int = 2, heads: int = 4, seed: int = 0, **fields
) -> AttentionPanel:
    rng = np.random.default_rng(seed)
    weights = rng.random((layers, heads, n_queries, n_keys)) ** 4
    weights /= weights.sum(-1, keepdims=True)
    queries = fields.pop("queries", [f"q{i}" for i in range(n_queries)])
    keys = fields.pop("keys", [f"k{i}" for i in range(n_keys)])
    return AttentionPanel(
        fields.pop("kind", "cross"), fields.pop("title", "Cross-attention"), weights, queries, keys, **fields
    )


def payload(fragment: str) -> dict:
    return json.loads(html.unescape(re.search(r'data-attn="([^"]*)"', fragment).group(1)))


def test_the_fragment_carries_every_weight_and_opens_on_the_chosen_kind_and_layer():
    cross, encoder = random_maps(5, 7), random_maps(7, 7, kind="encoder_self", title="Encoder", seed=1)
    data = payload(attention_view([cross, encoder], kind="encoder_self", layer=1))
    assert data["start"] == {"kind": 1, "layer": 0, "head": -1}
    assert np.array_equal(np.array(data["maps"][0]["weights"]), np.rint(cross.weights * 1000))
    assert data["maps"][1]["keys"] == encoder.keys
    assert payload(attention_view([cross]))["start"]["layer"] == 1  # by default the last layer


def test_tokens_are_data_never_markup():
    hostile = '"><img src=x onerror=alert(1)></div><script>alert(2)</script>'
    fragment = attention_view([random_maps(2, 2, queries=[hostile, "b"], keys=["a", "&amp;"])])
    assert "<img" not in fragment and "<script" not in fragment
    assert payload(fragment)["maps"][0]["queries"][0] == hostile and payload(fragment)["maps"][0]["keys"][1] == "&amp;"


def test_weights_that_do_not_fit_the_tokens_are_refused():
    maps = random_maps(3, 4)
    maps.keys = ["only", "three", "keys"]
    with pytest.raises(ValueError, match=r"do not fit 3 queries x 3 keys"):
        attention_view([maps])


# --- in Chromium ---


@pytest.fixture(scope="module")
def browser():
    playwright = pytest.importorskip("playwright.sync_api", reason="the playwright package is not installed")
    if not CHROMIUM.exists():
        pytest.skip(f"{CHROMIUM} not found (apt-get install chromium)")
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


def strongest(page, side: str, token: str) -> str:
    """Point at a token (side "queries" or "keys"); returns the outlined token of the other column."""
    other = "keys" if side == "queries" else "queries"
    page.locator(f".attn-{side} .attn-tok").filter(has_text=re.compile(f"^{re.escape(token)}$")).first.hover()
    return page.locator(f".attn-{other} .attn-top").inner_text()


@pytest.mark.slow
@pytest.mark.browser
def test_in_the_app_a_copied_name_looks_at_itself(browser, tmp_path):
    from app_helpers import served
    from playwright.sync_api import expect

    from transformer_demo.services.service import Service

    service = Service(REPO / "checkpoints", tmp_path / "runs", device="cpu")
    with served(service) as url:
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.set_default_timeout(120_000)
        page.goto(url)
        page.get_by_text("Two dogs are playing in the snow.").first.wait_for()  # the page's load event has run
        page.get_by_role("tab", name="Attention").click()
        page.get_by_role("textbox", name="Sentence", exact=True).fill("Peter is playing football.")
        page.get_by_role("textbox", name="Translation (optional: leave empty for the model's own)").fill(
            "Peter spielt Fußball."
        )
        page.get_by_role("button", name="Show attention").click()
        page.locator(".attn-view[data-ready]").wait_for()
        # cross-attention, last layer, mean of the heads: the name's pieces look at the same pieces in the source
        assert strongest(page, "queries", "eter") == "eter"
        assert strongest(page, "queries", "▁P") == "▁P"
        assert strongest(page, "keys", "▁football") == "▁Fußball"  # what looks at "football" most
        page.locator(".attn-head").select_option(label="2")
        assert page.locator(".attn-head-map.attn-chosen").inner_text() == "head 2"
        page.locator(".attn-kind").select_option(label="Encoder self-attention")
        assert page.locator(".attn-queries .attn-tok").count() == 7 and page.locator(".attn-view line").count() > 0
        page.get_by_label("Decoder self-attention").check()  # a new view from the server: drawn again, on that kind
        expect(page.locator(".attn-view[data-ready] .attn-kind")).to_have_value("2", timeout=120_000)
        assert page.locator(".attn-queries .attn-tok").all_inner_texts() == [
            "▁P",
            "eter",
            "▁spielt",
            "▁Fußball",
            ".",
            "[EOS]",
        ]
        page.close()


@pytest.mark.slow
@pytest.mark.browser
def test_forty_tokens_at_phone_width_stay_readable_and_a_tap_pins_a_token(browser, tmp_path):
    words = [f"word{i}" for i in range(40)]
    maps = random_maps(40, 40, queries=words, keys=words, seed=3)
    maps.weights[:, :, 7, :] = 0.0
    maps.weights[:, :, 7, 31] = 1.0  # "word7" looks only at "word31"
    page = browser.new_page(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page.set_content(standalone_page(attention_view([maps])))
    page.locator(".attn-view[data-ready]").wait_for()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # nothing wider than the phone
    boxes = [page.locator(".attn-queries .attn-tok").nth(i).bounding_box() for i in (0, 39)]
    assert boxes[1]["y"] - boxes[0]["y"] == pytest.approx(39 * 20)  # one 20 px row per token, no overlap
    assert all(box["x"] + box["width"] <= 390 for box in boxes)
    page.locator(".attn-queries .attn-tok").nth(7).tap()
    assert page.locator(".attn-keys .attn-top").inner_text() == "word31"
    page.mouse.move(5, 5)  # pinned: moving away keeps it
    assert page.locator(".attn-keys .attn-top").inner_text() == "word31"
    assert page.locator(".attn-view line").count() == 1
    page.close()
