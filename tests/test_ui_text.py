"""What the page says, without a browser: scores, step endings, training status, run labels, HTML views."""
from __future__ import annotations

import pytest

from transformer_demo.decoding import DecodeOptions, DecodeTrace, TraceStep
from transformer_demo.registry import describe_score
from transformer_demo.services.training import TrainingJob
from transformer_demo.services.translation import LineResult, Output, TranslationResult
from transformer_demo.training.trainer import TrainEvent
from transformer_demo.ui import step_views
from transformer_demo.ui.step_tab import ending
from transformer_demo.ui.train_tab import Progress
from transformer_demo.ui.translate_tab import scores_table

RUNS = [Output("Ein Hund rennt.", -0.9, -2.4, 6), Output("Ein Hund läuft.", -1.1, -3.0, 6)]
RESULT = TranslationResult(
    [
        LineResult("A dog runs.", RUNS, None),
        LineResult("Hi.", [Output("", -0.5, -0.5, 1)], None),
        LineResult("a | b", [Output("a | b", -0.5, -1.0, 4)], None),
    ],
    seconds=0.1,
)


@pytest.mark.parametrize("method", ["greedy", "beam", "sample"])
def test_scores_are_the_same_columns_for_every_method(method):
    table = scores_table(RESULT, DecodeOptions(method=method, length_penalty=1.4))
    assert table.count("| # | translation | log-prob | per token |") == 3  # one small table per input line
    assert "| 1 | a \\| b | -1.00 | -0.25 |" in table  # a "|" in the output stays in its cell
    assert "| 1 | Ein Hund rennt. | -2.40 | -0.40 |" in table and "| 1 | (empty) | -0.50 | -0.50 |" in table
    assert table.index("**1.** A dog runs.") < table.index("Ein Hund läuft.") < table.index("**2.** Hi.")
    assert ("length penalty 1.4" in table) == (method == "beam")  # beam says what it ranked by


def trace_of(tokens: list[str]) -> DecodeTrace:
    steps = [TraceStep(tokens[:i], [(t, i, 0.9)], i, t, 0.9, False, [[[1.0]]]) for i, t in enumerate(tokens)]
    return DecodeTrace(["▁a", "[EOS]"], steps)


def test_the_last_step_says_how_the_decoding_ended():
    assert "wrote `[EOS]`" in ending(trace_of(["▁Ein", "[EOS]"]), past_end=False)
    assert "longest length" in ending(trace_of(["▁Ein", "▁Mann"]), past_end=False)
    assert "no step after this one" in ending(trace_of(["▁Ein", "[EOS]"]), past_end=True)
    assert "no step after" not in ending(trace_of(["▁Ein", "[EOS]"]), past_end=False)


def progress_of(*events: TrainEvent) -> Progress:
    progress = Progress(TrainingJob("runs/copy-300-steps", iter(())))
    for event in events:
        progress.add(event)
    return progress


def test_a_run_stopped_before_its_first_evaluation_promises_no_samples():
    progress = progress_of(TrainEvent("step", 57, 300, loss=2.0), TrainEvent("done", 57, 300, message="stopped"))
    assert "before its first evaluation" in progress.status() and "Done." in progress.status()
    assert "appear" not in progress.samples_markdown()
    running = progress_of(TrainEvent("step", 57, 300, loss=2.0))
    assert "appear at the first evaluation" in running.samples_markdown()


def test_a_run_stopped_after_evaluations_says_what_was_evaluated():
    progress = progress_of(
        TrainEvent("eval", 200, 600, val_loss=1.5, samples=[("a", "b", "c")]),
        TrainEvent("eval", 400, 600, val_loss=1.25, samples=[("a", "a", "a")]),
        TrainEvent("step", 504, 600, loss=1.0),
        TrainEvent("done", 504, 600, message="stopped at step 504"),
    )
    status = progress.status()
    assert "Evaluated at steps 200, 400; the model kept is the one of step 400 (validation loss 1.250)." in status
    assert progress.samples_markdown().startswith("Samples at step 400, the last evaluation")
    assert describe_score({}, {"val_loss": 1.25, "trained_steps": 400}) == "val loss 1.25"  # the kept model's
    assert describe_score({}, {"trained_steps": 57, "stopped_early": True}) == "stopped at step 57, not evaluated"


def test_a_running_status_opens_on_its_step_and_says_why_training_loss_is_higher():
    progress = progress_of(TrainEvent("step", 180, 300, loss=0.61), TrainEvent("eval", 200, 300, val_loss=0.17),
                           TrainEvent("step", 220, 300, loss=0.6))
    lines = progress.status().split("  \n")
    assert lines[0].startswith("**Step 220 / 300** · loss 0.600 · validation loss 0.170")
    assert "dropout and label smoothing are on in training only" in lines[1]
    assert lines[-1] == "Saving to `runs/copy-300-steps`."
    lower = progress_of(TrainEvent("eval", 200, 300, val_loss=0.9), TrainEvent("step", 220, 300, loss=0.5))
    assert "dropout" not in lower.status()
    done = progress_of(TrainEvent("step", 300, 300, loss=0.5), TrainEvent("done", 300, 300, message="finished"))
    assert "Saving to" not in done.status() and "**Done.** Select **runs/copy-300-steps**" in done.status()


def test_step_views_escape_tokens_and_keep_every_candidate():
    bars = step_views.probability_bars(["<b>", "▁x"], [0.75, 0.25], 0, "Top 2")
    assert "&lt;b&gt;" in bars and "<b>" not in bars.replace("<b>Top 2</b>", "")
    assert "75.0%" in bars and "25.0%" in bars and "▁ starts a new word" in bars
    heat = step_views.source_attention([[0.2, 0.8], [0.5, 0.5]], ["▁a", "[EOS]"], "Where")
    assert heat.count("<tr>") == 3 and "layer 2" in heat and "0.80" in heat


def test_the_answer_check_says_its_verdict_in_plain_words():
    from transformer_demo.tasks.math.answer_check import NO_QUESTION_MESSAGE
    from transformer_demo.ui.check_tab import verdict

    asked = {"original_question_got": "What is 17 times 25?", "botanswer": "425"}
    assert verdict({"Evaluation": "EQUIVALENT", **asked, "useranswer": "425"}) == (
        "**Right.** 425 is the answer to “What is 17 times 25?”.")
    assert verdict({"Evaluation": "NOT_EQUIVALENT", **asked, "useranswer": "415"}).startswith(
        "**Not right: the answer is 425**")
    said = verdict({"Evaluation": "NO_QUESTION", "useranswer": "3", "message": NO_QUESTION_MESSAGE})
    assert said == f"**Can't tell:** {NO_QUESTION_MESSAGE}"
    unsure = {**asked, "Evaluation": "UNSURE", "botanswer": None, "message": "The model's readings disagree."}
    assert verdict(unsure) == "**Not sure, so no verdict:** The model's readings disagree."
