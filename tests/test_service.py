"""The service layer the web app calls (the `service` fixture of conftest.py), and the figures of viz.py."""
from __future__ import annotations

import json

import matplotlib.pyplot as plt
import numpy as np
import pytest
from app_helpers import MAX_LEN

from transformer_demo import viz
from transformer_demo.decoding import DecodeOptions
from transformer_demo.registry import ModelNotFoundError
from transformer_demo.services.service import Service, ServiceError
from transformer_demo.tasks import get_task


def test_registry_lists_checkpoints_with_pair_size_and_score(service: Service):
    models = {m.name: m for m in service.models()}
    assert set(models) == {"tiny-copy", "tiny-en-de", "tiny-math"}
    assert models["tiny-en-de"].pair == "en→de"
    assert "en→de" in models["tiny-en-de"].label and "val loss 4.50" in models["tiny-en-de"].label
    assert models["tiny-copy"].label.endswith("k")  # the parameters, e.g. "· 31k"
    assert service.default_model() == "tiny-en-de"  # the first translation model
    assert service.model_info(None).name == service.model_info("").name == "tiny-en-de"


def test_a_tuned_length_penalty_is_the_models_beam_default(service: Service):
    assert service.model_info("tiny-en-de").length_penalty == DecodeOptions.length_penalty  # none tuned
    config = service.model_info("tiny-copy").folder / "config.json"
    original = config.read_text()
    try:
        config.write_text(json.dumps({**json.loads(original), "length_penalty": 0.0}))
        assert service.model_info("tiny-copy").length_penalty == 0.0
    finally:
        config.write_text(original)


def test_registry_refuses_unknown_names_and_paths(service: Service, tmp_path):
    for name in ["nope", "../checkpoints/tiny-copy", str(tmp_path)]:
        with pytest.raises(ModelNotFoundError, match="unknown model"):
            service.translate(name, "red cat")


def test_runs_become_models_once_they_hold_weights(service: Service):
    folder = service.runs_dir / "half-written"
    folder.mkdir()
    (folder / "config.json").write_text("{}")
    assert "runs/half-written" not in [m.name for m in service.models()]


def test_empty_input_is_refused(service: Service):
    for text in ["", "   ", "\n \n"]:
        with pytest.raises(ServiceError, match="empty"):
            service.translate("tiny-copy", text)
        with pytest.raises(ServiceError, match="empty"):
            service.attention("tiny-copy", text)


def test_translate_batches_lines_and_returns_n_best(service: Service):
    result = service.translate(
        "tiny-copy", "red cat\n\n  blue dog  ", DecodeOptions(method="beam", beam_size=3, n_best=3)
    )
    assert [line.source for line in result.lines] == ["red cat", "blue dog"]
    for line in result.lines:
        assert len(line.outputs) == 3
        scores = [output.score for output in line.outputs]
        assert scores == sorted(scores, reverse=True)
        for output in line.outputs:  # the ranking score is the total divided by the GNMT length penalty (>= 1)
            assert output.log_prob <= output.score <= 0 and output.n_tokens >= 1
            assert output.mean_log_prob == pytest.approx(output.log_prob / output.n_tokens)
    assert result.seconds > 0


def test_huge_input_is_refused(service: Service):
    with pytest.raises(ServiceError, match="too long"):
        service.translate("tiny-copy", "red " * 10_000)
    with pytest.raises(ServiceError, match="too long"):
        service.trace("tiny-copy", "red " * 10_000)
    with pytest.raises(ServiceError, match="too long"):
        service.attention("tiny-copy", "red cat", target="red " * 10_000)


def test_overlong_input_is_truncated_with_a_notice(service: Service):
    long_line = " ".join(["red"] * (3 * MAX_LEN))
    result = service.translate("tiny-copy", f"{long_line}\nred cat")
    assert "truncated" in result.lines[0].notice and str(MAX_LEN - 1) in result.lines[0].notice
    assert result.lines[1].notice is None


def test_math_notice_for_questions_outside_the_families(service: Service):
    result = service.translate("tiny-math", "What is 12 times 7?\nWhat is the capital of France?")
    first, second = result.lines
    assert result.task == "math" and first.outputs[0][0] == "84"  # an untrained model: its program, or the exact
    assert first.program == first.reply.output or "did not compute multiplication" in first.notice  # answer
    assert "so there is no answer" in second.notice and second.outputs[0][0] == "(no answer)"


def test_answer_check_without_a_question_needs_no_model_output(service: Service):
    result = service.check_answer("tiny-math", "20 and 18", question="What is the capital of France?")
    assert result["Evaluation"] == "NO_QUESTION" and "message" in result
    with pytest.raises(ServiceError, match="needs a math model"):
        service.check_answer("tiny-en-de", "1", question="What is 1 plus 1?")


def test_bad_decoding_options_are_clear_errors(service: Service):
    with pytest.raises(ValueError, match="temperature"):
        service.translate("tiny-copy", "red", DecodeOptions(method="sample", temperature=0))


def test_trace_follows_forced_tokens(service: Service):
    free = service.trace("tiny-copy", "red cat", top_k=5)
    assert len(free.steps[0].candidates) == 5 and not free.steps[0].forced
    other = free.steps[0].candidates[1][1]  # the runner-up at step 1
    forced = service.trace("tiny-copy", "red cat", [other], top_k=5)
    assert forced.steps[0].chosen_id == other and forced.steps[0].forced
    assert forced.steps[1].prefix == [forced.steps[0].chosen_token]
    with pytest.raises(ServiceError, match="vocabulary"):
        service.trace("tiny-copy", "red cat", [10**6])
    with pytest.raises(ServiceError, match="top-k"):
        service.trace("tiny-copy", "red cat", top_k=0)


def test_attention_has_every_layer_and_rows_sum_to_one(service: Service):
    result = service.attention("tiny-en-de", "A man is riding a bike.")
    n_src, n_tgt = len(result.src_tokens), len(result.tgt_outputs)
    assert result.src_tokens[-1] == "[EOS]" and result.tgt_inputs[0] == "[SOS]" and result.tgt_outputs[-1] == "[EOS]"
    assert result.encoder_self.shape == (2, 4, n_src, n_src)
    assert result.decoder_self.shape == (2, 4, n_tgt, n_tgt)
    assert result.cross.shape == (2, 4, n_tgt, n_src)
    np.testing.assert_allclose(result.cross.sum(-1), 1.0, atol=1e-5)
    assert np.allclose(np.triu(result.decoder_self[0, 0], k=1), 0.0)  # the decoder never looks ahead
    forced = service.attention("tiny-en-de", "A man is riding a bike.", target="Ein Mann fährt Fahrrad.")
    assert forced.translation == "Ein Mann fährt Fahrrad."


def test_examples_suit_the_model(service: Service):
    examples = service.examples("tiny-en-de")  # a caption model (no sources recorded): only what it can translate
    assert examples[0] == "A man is riding a bike." and "Where is the train station?" not in examples
    assert "I would like a cup of coffee, please." not in examples
    french = get_task("translation").examples("en", "fr", ("tatoeba/en-fr", "multi30k"))  # French places for French
    assert "Where is the bakery?" in french and "A man is riding a bike." in french
    everyday_model = get_task("translation").examples("en", "it", ("tatoeba/en-it", "multi30k"))
    assert everyday_model[0] == "Good morning! How are you?"  # any other en->X, trained beyond captions
    assert "Where is the train station?" in everyday_model and "A man is riding a bike." in everyday_model
    assert get_task("translation").examples("en", "de", ("multi30k",)) == get_task("translation").examples("en", "de")
    assert all(q.endswith(("?", ".")) for q in service.examples("tiny-math"))
    assert all(
        set(s.split()) <= set("red green blue cat dog bird sun moon tree house river stone one two three four".split())
        for s in service.examples("tiny-copy")
    )


def test_train_rejects_bad_steps_and_tasks(service: Service):
    for steps in [0, -5, service.max_train_steps + 1, 10**9, 2.5, None]:
        with pytest.raises(ServiceError, match="steps"):
            service.train("copy", steps)
    with pytest.raises(ServiceError, match="unknown or unavailable task"):
        service.train("multi30k-en-de", 10)  # no data folder given to this service


@pytest.mark.slow
def test_training_streams_stops_and_becomes_selectable(service: Service):
    job = service.train("copy", 400)
    assert job.name.startswith("runs/copy-400-steps-")  # task, steps and time: readable in the model picker
    events = job.events
    assert next(events).kind == "start"
    assert next(events).kind == "step"
    with pytest.raises(ServiceError, match="already running"):
        service.train("copy", 10)
    assert service.stop_training()
    rest = list(events)
    assert rest[-1].kind == "done" and "stopped" in rest[-1].message and rest[-1].step < 400
    assert "before its first evaluation, so it is not scored" in rest[-1].message  # the first is at step 200
    assert job.name in [m.name for m in service.models()]
    labels = {m.name: m.label for m in service.models()}
    assert f"stopped at step {rest[-1].step}, not evaluated" in labels[job.name]  # not "not scored"
    assert service.translate(job.name, "red cat").lines[0].outputs
    assert not service.stop_training()  # nothing running any more
    closed = service.train("copy", 400)
    next(closed.events), next(closed.events)
    closed.events.close()  # what happens when the browser tab is closed mid-run
    assert closed.name != job.name and closed.name in [m.name for m in service.models()]
    assert not service.stop_training()


def test_viz_figures_have_the_expected_panels():
    rng = np.random.default_rng(0)
    weights = rng.dirichlet(np.ones(7), size=(2, 3, 5))  # (layers, heads, q, k)
    x, y = [f"k{i}" for i in range(7)], [f"q{i}" for i in range(5)]
    open_before = plt.get_fignums()
    grid = viz.head_grid_figure(weights[0], x, y, "grid")
    assert sum(ax.has_data() for ax in grid.axes) == 3
    overview = viz.overview_figure(weights, "overview")
    assert len(overview.axes) == 6
    single = viz.attention_figure(weights[1, 2], x, y, "one head")
    assert [t.get_text() for t in single.axes[0].get_xticklabels()] == x
    assert viz.loss_figure([1, 2, 3], [3.0, 2.0, 1.5], [3], [1.7]).axes[0].get_legend() is not None
    assert viz.loss_figure([], [], [], []).axes  # an empty run still draws
    assert plt.get_fignums() == open_before  # no pyplot figures left open


def test_the_default_model_is_an_everyday_one_where_there_is_one(service: Service):
    from dataclasses import replace

    from transformer_demo.registry import default_name

    captions = service.model_info("tiny-en-de")
    everyday = replace(captions, name="en-de", sources=("tatoeba/en-de", "multi30k"))
    math = service.model_info("tiny-math")
    assert default_name([math, captions, everyday]) == "en-de"
    assert default_name([math, captions]) == "tiny-en-de"
    assert default_name([math, replace(everyday, src_lang="de", tgt_lang="en"), captions]) == "tiny-en-de"
