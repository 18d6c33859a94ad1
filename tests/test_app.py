"""The Gradio app launched in-process, every endpoint called through gradio_client."""
from __future__ import annotations

import pytest
from app_helpers import wait_for_first_step
from gradio_client import Client

from transformer_demo.services.service import Service

TEXT = "A man is riding a bike."


def test_api_has_the_four_endpoints_with_defaults(client: Client):
    endpoints = client.view_api(return_format="dict", print_info=False)["named_endpoints"]
    assert {"/translate", "/decode_step", "/attention", "/train"} <= set(endpoints)
    params = endpoints["/translate"]["parameters"]
    assert params[0]["parameter_name"] == "text" and not params[0]["parameter_has_default"]
    assert all(p["parameter_has_default"] for p in params[1:])


def test_translate_with_only_the_text(client: Client):
    translation, info, table = client.predict(TEXT, api_name="/translate")
    assert isinstance(translation, str)  # an untrained model may well say nothing
    assert "Translated 1 sentence in" in info
    assert TEXT in table  # the default model is the translation model, tiny-en-de


def test_translate_lines_with_beam_n_best(client: Client):
    translation, info, table = client.predict(
        "red cat\nblue dog", "tiny-copy", "beam", 4, 0.6, 3, api_name="/translate"
    )
    assert len(translation.split("\n")) == 2
    assert "Translated 2 sentences" in info and "beam" in info
    second = table.split("**2.** blue dog")[1]
    ranks = [row[:3] for row in second.splitlines() if row[:3] in ("| 1", "| 2", "| 3")]
    assert ranks == ["| 1", "| 2", "| 3"]
    assert "| # | translation | log-prob | per token |" in table and "length penalty 0.6" in table


def test_a_math_model_speaks_math(client: Client):
    answers, info, table = client.predict("What is 12 times 7?\nWhat is the capital of France?", "tiny-math",
                                          api_name="/translate")
    assert "Answered 2 questions in" in info and "Translated" not in info
    assert table.startswith("**1.** What is 12 times 7?") and "| # | answer | log-prob | per token |" in table
    assert answers.split("\n")[1] == "(no answer)" and "so there is no answer" in info


def test_check_answer_endpoint(client: Client):
    said, result = client.predict("What is the capital of France?", "42", "tiny-math", api_name="/check_answer")
    assert result["Evaluation"] == "NO_QUESTION" and said.startswith("**Can't tell:** No math question")
    with pytest.raises(Exception, match="enter a question or a conversation"):
        client.predict("  ", "42", "tiny-math", api_name="/check_answer")
    with pytest.raises(Exception, match="must be a list of turns"):
        client.predict("[not a conversation", "42", "tiny-math", api_name="/check_answer")


def test_empty_input_and_unknown_model_are_clear_errors(client: Client):
    with pytest.raises(Exception, match="input is empty"):
        client.predict("  \n ", api_name="/translate")
    with pytest.raises(Exception, match="unknown model"):
        client.predict(TEXT, "../../etc", api_name="/translate")
    with pytest.raises(Exception, match="empty"):
        client.predict("", api_name="/decode_step")


def test_decode_step_walks_and_can_be_overruled(client: Client):
    status, bars, heat, candidates, forced, step, data = client.predict(
        TEXT, "tiny-en-de", "", 0, 5, 1.0, api_name="/decode_step"
    )
    assert "Step 1 of" in status and step == 0 and forced == ""
    assert len(data["candidates"]) == 5 and not data["forced"]
    assert "Top 5 next tokens" in bars and bars.count("%</span>") == 5 and "layer 2" in heat  # HTML views
    runner_up = data["candidates"][1]
    *_, data = client.predict(TEXT, "tiny-en-de", str(runner_up["id"]), 1, 5, 1.0, api_name="/decode_step")
    assert data["step"] == 1 and data["prefix"] == [runner_up["token"]] and data["output_ids"][0] == runner_up["id"]
    *_, last_step, data = client.predict(TEXT, "tiny-en-de", "", 10**6, 5, 1.0, api_name="/decode_step")
    assert last_step == data["n_steps"] - 1  # past the end shows the last step


def test_attention_returns_the_four_figures(client: Client):
    summary, view, figures = client.predict(TEXT, "tiny-en-de", "", "encoder_self", 2, 3, api_name="/attention")
    assert "Translation" in summary and "layer 2 of 2, head 3 of 4" in summary
    assert figures.count('<img src="data:image/png;base64,') == 4
    assert 'alt="Heatmap of encoder self-attention, layer 2, head 3: rows are the source tokens (' in figures
    assert 'class="attn-view"' in view and '&quot;kind&quot;: &quot;encoder_self&quot;' in view
    with pytest.raises(Exception, match="not in the list of choices"):
        client.predict(TEXT, "tiny-en-de", "", "sideways", 1, 1, api_name="/attention")


@pytest.mark.slow
def test_train_a_few_steps_then_translate_with_the_result(client: Client, service: Service):
    status, loss, samples, *_ = client.predict("copy", 20, "", api_name="/train")
    assert "Step 20 / 20" in status and "Done" in status
    assert loss["type"] == "matplotlib" and "| input | model output | reference |" in samples
    trained = [m.name for m in service.models() if m.name.startswith("runs/")]
    assert len(trained) == 1 and trained[0] in status
    translation, *_ = client.predict("red cat", trained[0], api_name="/translate")
    assert isinstance(translation, str)
    with pytest.raises(Exception, match="steps must be a whole number"):
        client.predict("copy", 10**9, "", api_name="/train")


@pytest.mark.slow
def test_stop_ends_a_streaming_training_job(client: Client):
    job = client.submit("copy", 300, "", api_name="/train")
    wait_for_first_step(job, 600)
    assert "Stopping after the current step" in client.predict(api_name="/stop_training")
    status, *_ = job.result(timeout=120)
    assert "stopped at step" in status and "Done" in status
    assert client.predict(api_name="/stop_training") == "*No training job is running.*"
