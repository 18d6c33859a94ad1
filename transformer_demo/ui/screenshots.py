"""Regenerate the screenshots in docs/ from the running app: python -m transformer_demo.ui.screenshots [SHOT ...]

Each shot is TAB:WIDTH (tabs: translate, step, attention, layers, train, ask, check; default: every tab at 1280
and 390 px; ask and check, the math tabs, with the math-qa model chosen). The app
runs in-process on the shipped checkpoints (training goes to a temporary folder) and Debian's Chromium (playwright,
from requirements-dev.txt) drives it: docs/screenshot-TAB.png at 1280 px, docs/screenshot-TAB-WIDTH.png otherwise.

    python -m transformer_demo.ui.screenshots                        # all twelve
    python -m transformer_demo.ui.screenshots attention:1280 attention:390
    take_screenshots([("translate", 390)], Path("docs"))             # from Python
"""

from __future__ import annotations

import argparse
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path

from ..services.service import Service
from .local import CHROMIUM, CHROMIUM_ARGS, served

REPO_ROOT = Path(__file__).resolve().parents[2]
WIDTHS = (1280, 390)
HEIGHT = {1280: 900, 390: 844}  # a laptop; an iPhone 14's viewport
TIMEOUT_MS = 300_000  # a busy shared CPU is slow


def file_name(tab: str, width: int) -> str:
    return f"screenshot-{tab}.png" if width == 1280 else f"screenshot-{tab}-{width}.png"


def open_tab(page, label: str) -> None:
    """Click the tab by its name (on a narrow screen the tab bar scrolls sideways: no "More tabs" menu)."""
    page.get_by_role("tab", name=label, exact=True).click()


def show_translate(page, train_steps: int) -> None:
    box = page.get_by_label("Source text (one sentence per line)")
    box.fill("Where is the train station?\nI would like a cup of coffee, please.")
    page.get_by_label("beam").check()
    page.get_by_role("button", name="Translate", exact=True).click()
    page.get_by_text("Translated 2 sentences in").wait_for()
    page.get_by_text("Scores: log-probabilities").click()  # the n-best list with both scores


def show_step(page, train_steps: int) -> None:
    page.get_by_role("button", name="Start").click()
    page.get_by_text("Step 1 of").wait_for()
    for step in (2, 3):
        page.get_by_role("button", name="Next ▶").click()
        page.get_by_text(f"Step {step} of").wait_for()


def show_attention(page, train_steps: int) -> None:
    page.get_by_role("textbox", name="Sentence", exact=True).fill("Peter is playing football.")
    page.get_by_role("textbox", name="Translation (optional: leave empty for the model's own)").fill(
        "Peter spielt Fußball."
    )
    page.get_by_role("button", name="Show attention").click()
    page.locator(".attn-view[data-ready]").wait_for()
    page.locator(".attn-queries .attn-tok").filter(has_text="Fußball").first.click()  # pinned: stays in the shot


def show_layers(page, train_steps: int) -> None:
    page.get_by_role("button", name="Show the layers").click()
    page.get_by_text("the model's own count").wait_for()
    step = page.get_by_label("number input for Decoding step")
    step.fill("3")
    step.press("Tab")  # a slider's box is released when it loses focus: the decoder then has written two tokens
    page.get_by_text("Step 3 of").first.wait_for()


def show_train(page, train_steps: int) -> None:
    page.get_by_label("Steps (1 to").fill(str(train_steps))
    page.get_by_role("button", name="Train", exact=True).click()
    page.get_by_text("Done. Select").wait_for(timeout=TIMEOUT_MS * 4)


def show_check(page, train_steps: int) -> None:
    page.get_by_label("Question or conversation").fill("What is 17 times 25?")
    page.get_by_label("Student's answer").fill("415")
    page.get_by_role("button", name="Check", exact=True).click()
    page.get_by_text("Not right: the answer is").wait_for()


def show_ask(page, train_steps: int) -> None:
    page.get_by_label("Question (one per line)").fill(
        "What is 8 squared minus 4?\nI think of a number, double it and add 4. I get 50. What was my number?\n"
        "There are 25 children and 6 go home. How many stay?\nWhat is the capital of France?")
    page.get_by_role("button", name="Ask", exact=True).click()
    page.get_by_text("Answered 4 questions").wait_for()


TABS: dict[str, tuple[str, Callable]] = {
    "translate": ("Translate", show_translate),
    "step": ("Step by step", show_step),
    "attention": ("Attention", show_attention),
    "layers": ("Layer by layer", show_layers),
    "train": ("Train", show_train),
}
MATH_TABS: dict[str, tuple[str, Callable]] = {  # shown for math models; the Translate tab is then Ask
    "ask": ("Ask", show_ask), "check": ("Check an answer", show_check)}
MATH_MODEL = "math-qa"


def choose_model(page, name: str) -> None:
    page.locator("#model-picker input").click()
    page.get_by_role("option").filter(has_text=name).first.click()


def parse_shot(text: str) -> tuple[str, int]:
    tab, _, width = text.partition(":")
    if tab not in TABS | MATH_TABS or not width.isdigit() or not 320 <= int(width) <= 3840:
        raise argparse.ArgumentTypeError(
            f"a shot is TAB:WIDTH with TAB one of {', '.join(TABS | MATH_TABS)} and WIDTH 320-3840, got {text!r}"
        )
    return tab, int(width)


def take_screenshots(shots: Iterable[tuple[str, int]], out: Path, train_steps: int = 300) -> list[Path]:
    """One full-page PNG per (tab, width), each from a fresh page; returns the files written."""
    from playwright.sync_api import sync_playwright

    out.mkdir(parents=True, exist_ok=True)
    written = []
    with (
        tempfile.TemporaryDirectory() as runs,
        served(Service(REPO_ROOT / "checkpoints", runs, device="cpu")) as url,
        sync_playwright() as p,
    ):
        browser = p.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
        for tab, width in shots:
            page = browser.new_page(viewport={"width": width, "height": HEIGHT.get(width, 900)})
            page.set_default_timeout(TIMEOUT_MS)
            page.goto(url)
            page.get_by_text("Two dogs are playing in the snow.").first.wait_for()  # the load event has run
            if tab in MATH_TABS:
                choose_model(page, MATH_MODEL)
            label, show = (TABS | MATH_TABS)[tab]
            open_tab(page, label)
            show(page, train_steps)
            page.wait_for_timeout(1500)  # let the last update settle (progress bars fade out)
            path = out / file_name(tab, width)
            page.screenshot(path=str(path), full_page=True)
            written.append(path)
            page.close()
        browser.close()
    return written


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m transformer_demo.ui.screenshots", description=__doc__.splitlines()[0]
    )
    parser.add_argument(
        "shots", nargs="*", type=parse_shot, help="TAB:WIDTH, e.g. attention:390 (default: all tabs at 1280 and 390)"
    )
    parser.add_argument("--out", type=Path, default=REPO_ROOT / "docs", help="folder for the PNG files (default docs/)")
    parser.add_argument("--train-steps", type=int, default=300, help="steps for the Train tab's shot (default 300)")
    args = parser.parse_args(argv)
    if not CHROMIUM.exists():
        parser.error(f"{CHROMIUM} not found (apt-get install chromium)")
    shots = args.shots or [(tab, width) for tab in TABS | MATH_TABS for width in WIDTHS]
    for path in take_screenshots(shots, args.out, args.train_steps):
        print(path)


if __name__ == "__main__":
    main()
