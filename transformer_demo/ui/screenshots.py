"""Screenshots of the app for docs/, taken in Chromium (Playwright) at the widths a visitor uses.

    python -m transformer_demo.ui.screenshots                        # every tab at 1280 and 390 px
    python -m transformer_demo.ui.screenshots translate:390 train:1280

Serves the app in-process on the shipped checkpoints (runs go to a temporary folder), drives each tab as a
visitor would, and writes docs/screenshot-<tab>.png at 1280 px, docs/screenshot-<tab>-<width>.png otherwise.
Needs the dev requirements (playwright) and a Chromium (default /usr/bin/chromium, or $CHROMIUM).
"""
from __future__ import annotations

import argparse
import os
import tempfile
from collections.abc import Callable
from pathlib import Path

import torch

from ..service import REPO_ROOT, Service
from . import LAUNCH_OPTIONS, build_app

TABS = {"translate": "Translate", "step": "Step by step", "attention": "Attention", "train": "Train"}
VIEWPORTS = {1280: 900, 390: 844}  # width -> height: a laptop and a phone (iPhone 12-15)
DEFAULT_SHOTS = [(tab, width) for tab in TABS for width in VIEWPORTS]
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"
]
TIMEOUT_MS = 300_000
TRAIN_STEPS = 300  # enough for the copy task's loss to come down in a screenshot


def open_tab(page, tab: str) -> None:
    page.get_by_role("tab", name=TABS[tab], exact=True).click()


def show_translate(page) -> None:
    page.get_by_text("Two dogs are playing in the snow.").click()
    page.get_by_label("beam").check()
    page.get_by_role("button", name="Translate", exact=True).click()
    page.get_by_text("Translated 1 sentence").wait_for()
    page.get_by_text("Scores: log-probabilities").click()


def show_step(page) -> None:
    page.get_by_role("button", name="Start", exact=True).click()
    page.get_by_text("Step 1 of").wait_for()
    for step in (2, 3):
        page.get_by_role("button", name="Next ▶").click()
        page.get_by_text(f"Step {step} of").wait_for()


def show_attention(page) -> None:
    page.get_by_role("button", name="Show attention").click()
    page.locator("[role=tabpanel]:visible img[src^='data:image/png']").nth(3).wait_for()


def show_train(page) -> None:
    page.get_by_label("Task").click()
    page.get_by_role("option", name="Copy a word sequence").click()
    page.get_by_label("Steps (1 to").fill(str(TRAIN_STEPS))
    page.get_by_role("button", name="Train", exact=True).click()
    page.get_by_text("Done. Select").wait_for(timeout=TIMEOUT_MS)


ACTIONS: dict[str, Callable] = {
    "translate": show_translate, "step": show_step, "attention": show_attention, "train": show_train
}


def shoot(url: str, shots: list[tuple[str, int]], out_dir: Path, chromium: str) -> list[Path]:
    """One fresh page per shot: open the tab, do its action, save the whole page."""
    from playwright.sync_api import sync_playwright

    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, headless=True, args=CHROMIUM_ARGS)
        for tab, width in shots:
            page = browser.new_page(viewport={"width": width, "height": VIEWPORTS.get(width, 900)})
            page.set_default_timeout(TIMEOUT_MS)
            page.goto(url)
            page.get_by_text("Transformer demo").first.wait_for()
            open_tab(page, tab)
            ACTIONS[tab](page)
            page.wait_for_timeout(1500)  # let the last streamed update settle (progress bars fade out)
            path = out_dir / (f"screenshot-{tab}.png" if width == 1280 else f"screenshot-{tab}-{width}.png")
            page.screenshot(path=str(path), full_page=True)
            written.append(path)
            page.close()
        browser.close()
    return written


def parse_shot(text: str) -> tuple[str, int]:
    tab, _, width = text.partition(":")
    if tab not in TABS or not width.isdigit():
        raise argparse.ArgumentTypeError(f"a shot is TAB:WIDTH with TAB one of {', '.join(TABS)}, got {text!r}")
    return tab, int(width)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "shots", nargs="*", type=parse_shot, help="TAB:WIDTH, e.g. step:390 (default: every tab at 1280 and 390)"
    )
    parser.add_argument("--out", type=Path, default=REPO_ROOT / "docs", help="folder for the PNG files (default docs/)")
    parser.add_argument("--chromium", default=os.environ.get("CHROMIUM", "/usr/bin/chromium"))
    args = parser.parse_args()
    torch.set_num_threads(1)
    with tempfile.TemporaryDirectory() as runs:
        demo = build_app(Service(REPO_ROOT / "checkpoints", runs, device="cpu"))
        _, url, _ = demo.launch(prevent_thread_lock=True, server_name="127.0.0.1", quiet=True, **LAUNCH_OPTIONS)
        try:
            for path in shoot(url, args.shots or DEFAULT_SHOTS, args.out, args.chromium):
                print(path)
        finally:
            demo.close()


if __name__ == "__main__":
    main()
