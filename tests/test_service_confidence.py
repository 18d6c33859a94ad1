"""The confidence notice through the service (what the Translate tab and /translate return), on the tiny
untrained models of app_helpers and, where it ships, the Multi30k en->de model."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from transformer_demo.decoding import DecodeOptions
from transformer_demo.services.service import Service

ROOT = Path(__file__).resolve().parents[1]


def test_all_capitals_are_translated_as_sentence_case_and_said_so(service: Service) -> None:
    capitals, cased = service.translate("tiny-en-de", "TWO DOGS ARE PLAYING.\nTwo dogs are playing.").lines
    assert capitals.source == "TWO DOGS ARE PLAYING."  # the user's line, as typed
    assert capitals.outputs == cased.outputs
    assert "all capitals" in capitals.notice and "\u201cTwo dogs are playing.\u201d" in capitals.notice
    assert "all capitals" not in (cased.notice or "")


def test_each_line_gets_its_own_notice(service: Service) -> None:
    lines = service.translate("tiny-en-de", "你好，你叫什么名字？\nIch habe heute keine Zeit.\n😀😀").lines
    assert "Chinese or Japanese" in lines[0].notice
    assert "looks like German already" in lines[1].notice
    assert "emoji but no words" in lines[2].notice


def test_an_untrained_model_is_unsure_of_everything(service: Service) -> None:
    for options in (DecodeOptions(), DecodeOptions(method="beam", beam_size=2)):
        [line] = service.translate("tiny-en-de", "A man is riding a bike.", options).lines
        assert "The model is unsure of this translation" in line.notice


def test_step_by_step_says_what_translate_says_once_it_has_the_whole_output(service: Service) -> None:
    text = "A man is riding a bike."
    assert "unsure" not in (service.notice("tiny-en-de", text) or "")  # before decoding: nothing to judge yet
    trace = service.trace("tiny-en-de", text)
    [line] = service.translate("tiny-en-de", text, DecodeOptions()).lines
    assert "The model is unsure of this translation" in service.notice("tiny-en-de", text, trace) == line.notice
    forced = service.trace("tiny-en-de", text, [trace.steps[0].candidates[1][1]])  # the user's choice, not the model's
    assert "unsure" not in (service.notice("tiny-en-de", text, forced) or "")


def test_the_calibrated_threshold_is_the_one_used(service: Service) -> None:
    config = service.model_info("tiny-en-de").folder / "config.json"
    original = config.read_text()
    try:
        config.write_text(json.dumps({**json.loads(original), "min_mean_log_prob": -1000.0}))
        [line] = service.translate("tiny-en-de", "A man is riding a bike.").lines
        assert line.notice is None
    finally:
        config.write_text(original)


def test_a_word_the_model_hardly_learned_is_named_unless_the_output_copies_it(tmp_path: Path) -> None:
    from app_helpers import CAPTION_PAIRS, save_tiny

    from transformer_demo.source_words import count_words, write_counts

    folder = save_tiny(tmp_path / "checkpoints" / "tiny-en-de", "translation", CAPTION_PAIRS, "bpe", 2,
                       min_mean_log_prob=-1000.0)  # no log-prob notice: only the rare-word one can speak
    write_counts(folder, count_words(["a man is riding a bike"] * 2))
    service = Service(folder.parent, tmp_path / "runs", device="cpu")
    sure, rare = service.translate("tiny-en-de", "A man is riding a bike.\nA man is riding a unicycle.").lines
    assert sure.notice is None
    assert rare.notice.startswith("The model hardly knows \u201cunicycle\u201d")
    trace = service.trace("tiny-en-de", "A man is riding a unicycle.")
    assert "\u201cunicycle\u201d" in service.notice("tiny-en-de", "A man is riding a unicycle.", trace)


def test_other_tasks_get_no_language_or_case_checks(service: Service) -> None:
    [line] = service.translate("tiny-copy", "RED CAT BLUE DOG").lines
    assert line.notice is None


@pytest.mark.slow
@pytest.mark.parametrize("method,engine", [("greedy", "torch"), ("beam", "torch"), ("greedy", "auto")])
def test_shipped_caption_model_notices(method: str, engine: str, tmp_path: Path, monkeypatch) -> None:
    """On either engine: CTranslate2 (auto, where it is installed) scores as ours, so the same threshold holds.
    Keyboard mash was caught by the log-probability check (greedy only: beam search finds likelier outputs); now the
    rare-word check names its words first, on any decoding."""
    if not (ROOT / "checkpoints" / "multi30k-en-de" / "model.safetensors").is_file():
        pytest.skip("checkpoints/multi30k-en-de is not there")
    monkeypatch.setenv("TRANSFORMER_DEMO_CACHE", str(tmp_path))
    service = Service(ROOT / "checkpoints", ROOT / "runs-none", device="cpu", engine=engine)
    options = DecodeOptions(
        method=method, beam_size=4, length_penalty=service.model_info("multi30k-en-de").length_penalty
    )
    text = (
        "Two dogs are playing in the snow.\nTWO DOGS ARE PLAYING IN THE SNOW.\nПривет, как дела?\nasdf qwer zxcv uiop"
    )
    sure, capitals, russian, mash = service.translate("multi30k-en-de", text, options).lines
    assert sure.notice is None and sure.outputs[0][0] == "Zwei Hunde spielen im Schnee."
    assert capitals.outputs[0][0] == "Zwei Hunde spielen im Schnee." and "all capitals" in capitals.notice
    assert "Cyrillic" in russian.notice
    assert "rarely or never: \u201casdf\u201d (never), \u201cqwer\u201d (never)" in mash.notice  # in no caption


def test_calibrate_chooses_the_threshold_on_val_and_writes_it(tmp_path: Path, capsys) -> None:
    from app_helpers import CAPTION_PAIRS, save_tiny

    from transformer_demo.checkpoint import load_checkpoint
    from transformer_demo.cli import main
    from transformer_demo.source_words import count_words

    pairs = CAPTION_PAIRS * 7  # 21 validation pairs
    folder = save_tiny(tmp_path / "tiny", "translation", pairs, "bpe", 2)
    for index, lang in enumerate(("en", "de")):
        (tmp_path / f"val.{lang}").write_text("".join(pair[index] + "\n" for pair in pairs), encoding="utf-8")
    assert main(["calibrate", "--checkpoint", str(folder), "--data-dir", str(tmp_path)]) == 0
    assert "no rare-word figures" in capsys.readouterr().err  # no training split to count words in
    train = CAPTION_PAIRS[:2] * 2  # the third caption's words never seen
    for index, lang in enumerate(("en", "de")):
        (tmp_path / f"train.{lang}").write_text("".join(pair[index] + "\n" for pair in train), encoding="utf-8")
    assert main(["calibrate", "--checkpoint", str(folder), "--data-dir", str(tmp_path), "--write"]) == 0
    result = json.loads(capsys.readouterr().out)
    rare = result["rare_words"]  # no line has only common words (seen 50 times): the fallback count, 2
    assert rare["rare_below"] == 2 and rare["flagged_percent"] == round(100 * 7 / 21, 1)  # the third caption's lines
    assert rare["bands"]["0"]["lines"] == 7 and rare["bands"]["2"]["lines"] == 14 and rare["bands"]["common"] == {
        "chrf": None}
    assert rare["chrf_flagged"] is not None and rare["chrf_rest"] is not None
    assert load_checkpoint(folder).info["rare_below"] == 2
    assert load_checkpoint(folder).source_words == count_words(source for source, _ in train)
    assert result["split"] == "val" and result["sentences"] == 21
    assert set(result["flagged_percent"]) == {"validation", "word salad", "keyboard mash", "target language"}
    assert (
        result["flagged_percent"]["validation"] <= 5.0 and result["median"]["validation"] >= result["min_mean_log_prob"]
    )
    assert load_checkpoint(folder).info["min_mean_log_prob"] == result["min_mean_log_prob"]
    assert json.loads((folder / "metrics.json").read_text())["val/confidence"] == result
    assert main(["calibrate", "--checkpoint", str(folder), "--data-dir", str(tmp_path), "--split", "test"]) == 2
    assert "no file test.en" in capsys.readouterr().err


def test_the_translate_tab_puts_the_notes_first() -> None:
    from transformer_demo.decoding import DecodeOptions
    from transformer_demo.services.translation import LineResult, Output, TranslationResult
    from transformer_demo.ui.translate_tab import render

    one = TranslationResult([LineResult("Привет", [Output("Hallo", -3.0)], "This looks like Cyrillic text.")], 0.1)
    _, _, info = render(one, DecodeOptions(), "CPU")
    assert info.startswith("**Note:** This looks like Cyrillic text.") and "Translated 1 sentence" in info
    lines = [LineResult("Hi", [Output("Hallo", -0.2)], None), LineResult("Ой", [Output("Oh", -4.0)], "Unsure.")]
    two = TranslationResult(lines, 0.1)
    _, _, info = render(two, DecodeOptions(), "CPU")
    assert info.startswith("**Note on line 2:** Unsure.") and "line 1" not in info


def test_step_by_step_and_attention_read_capitals_as_translate_does(service: Service) -> None:
    capitals, cased = "TWO DOGS ARE PLAYING.", "Two dogs are playing."
    assert service.trace("tiny-en-de", capitals).src_tokens == service.trace("tiny-en-de", cased).src_tokens
    assert "all capitals" in service.notice("tiny-en-de", capitals)
    result = service.attention("tiny-en-de", capitals)
    assert result.src_tokens == service.attention("tiny-en-de", cased).src_tokens
    assert "all capitals" in result.notice
