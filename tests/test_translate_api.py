"""Issue 26: POST /api/translate, the Translate tab as JSON for programs, on the app's own server (ui/server.py)
with tiny untrained models: the round trip, the same translations as Gradio's /translate, bad bodies, limits."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import torch
from app_helpers import build_model_roots
from gradio_client import Client

from transformer_demo.services.service import Service
from transformer_demo.serving.limits import Limits
from transformer_demo.ui.local import served_server

TEXT = "A man is riding a bike.\nTwo dogs are playing in the snow."
LOOSE = {"session_calls_per_minute": 1000, "address_calls_per_minute": 1000, "joins_per_minute": 1000}


def server(root: Path, **limits) -> Iterator[str]:
    checkpoints, runs = build_model_roots(root)
    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    try:
        with served_server(Service(checkpoints, runs, device="cpu", limits=Limits(**limits))) as url:
            yield url
    finally:
        torch.set_num_threads(threads)


@pytest.fixture(scope="module")
def url(tmp_path_factory) -> Iterator[str]:
    yield from server(tmp_path_factory.mktemp("api"), **LOOSE)


def post(url: str, body: object) -> httpx.Response:
    content = body if isinstance(body, str) else json.dumps(body)
    return httpx.post(f"{url}/api/translate", content=content, headers={"content-type": "application/json"}, timeout=60)


def test_the_round_trip_gives_every_line_its_translation_score_pieces_and_notice(url):
    answer = post(url, {"text": TEXT, "model": "tiny-en-de"})
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert (body["model"], body["engine"]) == ("tiny-en-de", "torch")
    assert [line["source"] for line in body["lines"]] == TEXT.splitlines()
    for line in body["lines"]:
        assert isinstance(line["translation"], str) and line["log_prob"] < 0 and line["n_best"] is None
        assert line["tokens"] and all(isinstance(piece, str) for piece in line["tokens"])
        assert line["notice"] is None or line["notice"].strip()
    default = post(url, {"text": "A woman is cooking."}).json()
    assert default["model"] and len(default["lines"]) == 1  # the app's default model


@pytest.mark.parametrize("options", [
    {"method": "greedy"},
    {"method": "beam", "beam_size": 4, "length_penalty": 0.6, "n_best": 3},
], ids=["greedy", "beam"])
def test_translations_and_scores_equal_what_the_tab_gives(url, options):
    client = Client(url, verbose=False)
    tab = dict(beam_size=4, length_penalty=0.6, n_best=3)
    best, _, table = client.predict(TEXT, "tiny-en-de", options["method"], *tab.values(), 1.0, 0, 1.0,
                                    api_name="/translate")
    body = post(url, {"text": TEXT, "model": "tiny-en-de", **options}).json()
    assert "\n".join(line["translation"] for line in body["lines"]) == best
    for line in body["lines"]:
        assert f"| {line['log_prob']:.2f} |" in table  # the score the tab shows
        if options["method"] == "beam":
            assert len(line["n_best"]) == 3 and line["n_best"][0]["translation"] == line["translation"]
            assert all(f"| {c['log_prob']:.2f} |" in table for c in line["n_best"])


@pytest.mark.parametrize("body, detail", [
    ("not json", "JSON"),
    ("[1, 2]", "valid dictionary"),
    ({}, "Field required"),
    ({"text": "Hi.", "hack": 1}, "Extra inputs are not permitted"),
    ({"text": "Hi.", "method": "fast"}, "'greedy', 'beam' or 'sample'"),
    ({"text": "Hi.", "beam_size": 1000}, "less than or equal to 16"),
    ({"text": ["Hi."]}, "valid string"),
    ({"text": "   "}, "the input is empty"),
    ({"text": "\n".join(["Hi."] * 65)}, "at most 64 lines"),
    ({"text": "Hi.", "model": "../etc/passwd"}, "unknown model"),
    ('{"text": "A man \\udcff"}', "lone surrogate"),
], ids=["text", "list", "empty", "unknown-field", "method", "beam-size", "list-text", "blank", "65-lines",
        "path-model", "surrogate"])
def test_malformed_bodies_get_422_and_a_detail(url, body, detail):
    answer = post(url, body)
    assert answer.status_code == 422, answer.text
    assert detail in json.dumps(answer.json()["detail"]), answer.text


def test_the_schema_is_shown_at_docs(url):
    schema = httpx.get(f"{url}/openapi.json", timeout=30).json()
    route = schema["paths"]["/api/translate"]["post"]
    assert route["requestBody"]["content"]["application/json"]["schema"]["$ref"].endswith("/TranslateRequest")
    assert {"model", "engine", "lines"} <= set(schema["components"]["schemas"]["TranslateResponse"]["properties"])
    assert httpx.get(f"{url}/docs", timeout=30).status_code == 200
    assert httpx.get(f"{url}/", timeout=30).status_code == 200  # the Gradio app on the same port


def test_the_body_and_per_visitor_limits_apply(tmp_path):
    for url in server(tmp_path, max_body_kb=4, joins_per_minute=4, session_calls_per_minute=2):
        too_large = post(url, {"text": "x" * 5000})
        assert too_large.status_code == 413 and "Request too large" in too_large.json()["detail"]
        answers = [post(url, {"text": "Hi.", "model": "tiny-copy"}) for _ in range(5)]
        assert [a.status_code for a in answers] == [200, 200, 429, 429, 429]
        assert "Busy: too many requests in this page; try again in" in answers[2].json()["detail"]  # the gate
        assert "Busy: too many requests from your address; try again in" in answers[4].json()["detail"]  # the door


def test_a_server_busy_with_other_calls_says_so(tmp_path, monkeypatch):
    from transformer_demo.serving import translate_api

    monkeypatch.setattr(translate_api, "API_SLOTS", 0)  # every slot taken by someone else
    monkeypatch.setattr(translate_api, "WAIT_S", 0.1)
    for url in server(tmp_path, **LOOSE):
        answer = post(url, {"text": "Hi.", "model": "tiny-copy"})
        assert answer.status_code == 503 and "Busy: the server is translating for others" in answer.json()["detail"]
