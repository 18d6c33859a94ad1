"""The training loop: it learns, it logs, its checkpoints reload, and an interrupted run resumes exactly."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
import torch

from transformer_demo.checkpoint import CheckpointError, load_checkpoint
from transformer_demo.config import RunConfig
from transformer_demo.decoding import DecodeOptions, translate
from transformer_demo.model import causal_mask, padding_mask
from transformer_demo.tokenization import PAD_ID, SOS_ID
from transformer_demo.training.trainer import Trainer, TrainEvent, learning_rate


def read_log(out_dir: Path) -> list[dict]:
    return [json.loads(line) for line in (out_dir / "train_log.jsonl").read_text().splitlines()]


# --- a tiny model memorises 20 pairs (the shared `memorised` run) ---


@pytest.mark.parametrize(
    "options", [DecodeOptions(), DecodeOptions(method="beam", beam_size=4)], ids=["greedy", "beam"]
)
def test_tiny_model_memorises_20_pairs_exactly(memorised, options):
    sources, references = zip(*memorised.pairs)
    assert translate(memorised.model, memorised.vocab, list(sources), options) == list(references)


def test_events_count_every_step_and_follow_the_schedule(memorised):
    kinds = [e.kind for e in memorised.events]
    assert kinds[0] == "start" and kinds[-3:] == ["eval", "checkpoint", "done"]
    steps = [e for e in memorised.events if e.kind == "step"]
    cfg = memorised.trainer.run_config.train
    assert [e.step for e in steps] == list(range(1, cfg.steps + 1))
    assert [e.lr for e in steps] == pytest.approx([learning_rate(e.step, cfg.lr, cfg.warmup) for e in steps])
    assert steps[-1].loss < 0.05 < 3.0 < steps[0].loss
    assert all(e.tokens_per_s > 0 and e.eta_s >= 0 for e in steps)


def test_train_log_has_step_eval_and_done_lines(memorised):
    log = read_log(memorised.out_dir)
    step_lines = [line for line in log if line["kind"] == "step"]
    assert [line["step"] for line in step_lines] == list(range(10, 121, 10))  # log_every 10
    for line in step_lines:
        assert {"step", "loss", "lr", "tokens_per_s", "total_steps"} <= set(line)
        assert line["loss"] > 0 and line["lr"] > 0 and line["tokens_per_s"] > 0
    evals = [line for line in log if line["kind"] == "eval"]
    assert len(evals) == 1 and evals[0]["step"] == 120 and evals[0]["val_loss"] < 0.1
    assert len(evals[0]["samples"]) == 3
    assert log[-1]["kind"] == "done" and "finished 120 steps" in log[-1]["message"]


def test_saved_checkpoint_gives_identical_outputs(memorised):
    checkpoint = load_checkpoint(memorised.out_dir)
    assert checkpoint.info["trained_steps"] == 120
    assert checkpoint.run.model == memorised.trainer.run_config.model
    texts = [src for src, _ in memorised.pairs] + ["A dog runs through the grass."]
    for options in (DecodeOptions(), DecodeOptions(method="beam")):
        assert translate(checkpoint.model, checkpoint.vocab, texts, options) == translate(
            memorised.model, memorised.vocab, texts, options
        )
    src = torch.tensor([checkpoint.vocab.encode_src(texts[-1])])
    tgt = torch.tensor([[SOS_ID, 5, 6, 7]])
    with torch.no_grad():
        args = (src, tgt, padding_mask(src, PAD_ID), causal_mask(4))
        assert torch.equal(checkpoint.model(*args), memorised.model(*args))


# --- configs/tiny.json on real data ---


@pytest.mark.slow
def test_loss_decreases_on_the_tiny_config(repo_root, train_pairs, val_pairs, tmp_path):
    run = RunConfig.load(repo_root / "configs" / "tiny.json")
    run.train.steps = 60
    trainer = Trainer(run, train_pairs[:3000], val_pairs[:50], tmp_path, device="cpu")
    losses = [e.loss for e in trainer.run() if e.kind == "step"]
    assert len(losses) == 60
    first, last = sum(losses[:10]) / 10, sum(losses[-10:]) / 10
    assert last < first - 1.0, (first, last)


# --- the learning-rate schedule ---


def test_learning_rate_warms_up_linearly_then_decays_as_inverse_sqrt():
    peak, warmup = 1e-3, 100
    lrs = [learning_rate(step, peak, warmup) for step in range(1, 1001)]
    assert max(lrs) == pytest.approx(peak) and lrs.index(max(lrs)) == warmup - 1
    assert lrs[0] == pytest.approx(peak / warmup) and lrs[49] == pytest.approx(peak / 2)
    assert all(a < b for a, b in zip(lrs[: warmup - 1], lrs[1:warmup]))
    assert all(a > b for a, b in zip(lrs[warmup - 1 : -1], lrs[warmup:]))
    assert learning_rate(400, peak, warmup) == pytest.approx(peak / 2)  # sqrt(100 / 400)
    assert learning_rate(0, peak, warmup) == pytest.approx(peak / warmup)


@pytest.mark.parametrize("schedule", ["cosine", "linear"])
def test_decaying_schedules_reach_zero_at_the_planned_last_step(schedule):
    peak, warmup, total = 1e-3, 100, 1000
    lrs = [learning_rate(step, peak, warmup, schedule, total) for step in range(1, total + 1)]
    assert lrs[warmup - 1] == pytest.approx(peak) and lrs[0] == pytest.approx(peak / warmup)
    assert all(a > b for a, b in zip(lrs[warmup - 1 : -1], lrs[warmup:]))
    assert lrs[-1] == pytest.approx(0.0, abs=1e-12)
    halfway = learning_rate(warmup + (total - warmup) // 2, peak, warmup, schedule, total)
    assert halfway == pytest.approx(peak / 2)  # both are at half the peak halfway through the decay
    assert learning_rate(total + 50, peak, warmup, schedule, total) == 0.0  # past the plan: no step at all


def test_the_trainer_decays_to_the_configured_steps_even_when_a_session_stops_early(
    tiny_run_config, train_pairs, tmp_path
):
    run = tiny_run_config(steps=40, warmup=5, lr_schedule="linear", log_every=1)
    trainer = Trainer(run, train_pairs[:20], train_pairs[:4], tmp_path / "run", device="cpu", max_steps=10)
    steps = [e for e in trainer.run() if e.kind == "step"]
    assert [e.step for e in steps] == list(range(1, 11))
    assert steps[-1].lr == pytest.approx(learning_rate(10, run.train.lr, 5, "linear", 40))
    assert steps[-1].lr > 0.5 * run.train.lr  # planned for 40 steps, not for the 10 this session ran


# --- resume ---

RESUME_STEPS = 20


@pytest.fixture(scope="module")
def resume_pairs(train_pairs):
    return train_pairs[100:160]


def make_trainer(tiny_run_config, pairs, out_dir, ema_decay: float = 0.0, **kwargs) -> Trainer:
    # Several batches per epoch (so resume must find its place in the epoch) and a checkpoint every 5 steps.
    run = tiny_run_config(steps=RESUME_STEPS, max_tokens=300, eval_every=5, warmup=10, ema_decay=ema_decay)
    return Trainer(run, pairs, pairs[:3], out_dir, device="cpu", **kwargs)


def weights(trainer: Trainer) -> dict[str, torch.Tensor]:
    return {k: v.clone() for k, v in trainer.model.state_dict().items()}


def adam_steps(trainer: Trainer) -> set[float]:
    return {float(state["step"]) for state in trainer.optimizer.state.values()}


@pytest.fixture(scope="module")
def uninterrupted(tiny_run_config, resume_pairs, tmp_path_factory) -> Trainer:
    trainer = make_trainer(tiny_run_config, resume_pairs, tmp_path_factory.mktemp("uninterrupted"))
    assert trainer.batches_per_epoch >= 3
    for _ in trainer.run():
        pass
    return trainer


def assert_same_weights(a: Trainer, b: Trainer) -> None:
    wa, wb = weights(a), weights(b)
    assert wa.keys() == wb.keys()
    for name in wa:
        torch.testing.assert_close(wa[name], wb[name], atol=1e-6, rtol=0, msg=name)


@pytest.mark.slow
def test_resume_continues_step_counter_and_optimizer(tiny_run_config, resume_pairs, uninterrupted, tmp_path):
    first = make_trainer(tiny_run_config, resume_pairs, tmp_path, max_steps=RESUME_STEPS // 2)
    events = list(first.run())
    assert first.step == RESUME_STEPS // 2 and events[-1].kind == "done"
    assert adam_steps(first) == {RESUME_STEPS // 2}

    second = make_trainer(tiny_run_config, resume_pairs, tmp_path, resume=True)
    assert second.step == RESUME_STEPS // 2 and second.total_steps == RESUME_STEPS
    assert adam_steps(second) == {RESUME_STEPS // 2}  # the optimizer's moments came back with the weights
    assert_same_weights(first, second)
    steps = [e.step for e in second.run() if e.kind == "step"]
    assert steps == list(range(RESUME_STEPS // 2 + 1, RESUME_STEPS + 1))
    assert adam_steps(second) == {RESUME_STEPS}
    assert_same_weights(second, uninterrupted)  # stopping and resuming changed nothing
    assert json.loads((tmp_path / "last" / "trainer_state.json").read_text())["step"] == RESUME_STEPS


@pytest.mark.slow
def test_a_run_stopped_mid_way_resumes_from_its_last_checkpoint(tiny_run_config, resume_pairs, uninterrupted, tmp_path):
    first = make_trainer(tiny_run_config, resume_pairs, tmp_path)
    events = first.run()
    for event in events:
        if event.kind == "step" and event.step == 8:
            break
    events.close()  # what the app's Stop button does
    assert first.step == 8
    assert json.loads((tmp_path / "last" / "trainer_state.json").read_text())["step"] == 5

    saved_cpu = json.loads((tmp_path / "last" / "trainer_state.json").read_text())["cpu_seconds"]
    assert saved_cpu > 0
    second = make_trainer(tiny_run_config, resume_pairs, tmp_path, resume=True)
    assert second.step == 5
    last: TrainEvent | None = None
    for last in second.run():  # noqa: B007  (the loop runs the training; last is its final event)
        pass
    assert last is not None and last.kind == "done" and second.step == RESUME_STEPS
    assert_same_weights(second, uninterrupted)
    assert last.cpu_hours > saved_cpu / 3600  # the first session's CPU time is carried on, not started again


def test_resume_without_a_saved_run_is_an_error(tiny_run_config, resume_pairs, tmp_path):
    with pytest.raises(CheckpointError, match="nothing to resume"):
        make_trainer(tiny_run_config, resume_pairs, tmp_path, resume=True)


# --- a moving average of the weights (ema_decay) ---


@pytest.mark.slow
def test_moving_average_is_what_is_evaluated_and_saved_and_it_resumes_exactly(tiny_run_config, resume_pairs, tmp_path):
    whole = make_trainer(tiny_run_config, resume_pairs, tmp_path / "whole", ema_decay=0.9)
    for _ in whole.run():
        pass
    raw = weights(whole)
    with whole.ema.applied():
        averaged = weights(whole)
        val_loss = whole.validation_loss()
    assert weights(whole).keys() == raw.keys() and all(torch.equal(weights(whole)[k], raw[k]) for k in raw)  # put back
    assert any(not torch.equal(averaged[k], raw[k]) for k in raw)
    saved = load_checkpoint(tmp_path / "whole")  # best by validation loss of the averaged weights
    assert saved.info["trained_steps"] == RESUME_STEPS and saved.info["val_loss"] == pytest.approx(val_loss, rel=1e-6)
    for name, tensor in saved.model.state_dict().items():
        torch.testing.assert_close(tensor, averaged[name], atol=1e-6, rtol=0, msg=name)

    first = make_trainer(tiny_run_config, resume_pairs, tmp_path / "stopped", ema_decay=0.9, max_steps=12)
    for _ in first.run():
        pass
    second = make_trainer(tiny_run_config, resume_pairs, tmp_path / "stopped", ema_decay=0.9, resume=True)
    assert second.step == 12 and second.ema  # the final save of the shorter run, moving average included
    for _ in second.run():
        pass
    assert_same_weights(second, whole)
    for mine, theirs in zip(second.ema, whole.ema):
        torch.testing.assert_close(mine, theirs, atol=1e-6, rtol=0)


# --- stopping when asked (a session's end, Ctrl-C): the state is saved and --resume goes on ---


@pytest.mark.slow
def test_a_run_asked_to_stop_saves_its_state_and_resumes_exactly(
    tiny_run_config, resume_pairs, uninterrupted, tmp_path
):
    first = make_trainer(tiny_run_config, resume_pairs, tmp_path)
    events = []
    for event in first.run():
        events.append(event)
        if event.kind == "step" and event.step == 7:
            first.stop_requested = True  # what the CLI's SIGTERM handler sets
    assert events[-1].kind == "done" and "stopped at step 7 when asked" in events[-1].message
    assert json.loads((tmp_path / "last" / "trainer_state.json").read_text())["step"] == 7  # not the step-5 save
    second = make_trainer(tiny_run_config, resume_pairs, tmp_path, resume=True)
    assert second.step == 7
    for _ in second.run():
        pass
    assert_same_weights(second, uninterrupted)


@pytest.mark.slow
def test_the_train_command_stops_on_sigterm_without_losing_its_steps(
    tiny_run_config, subprocess_env, repo_root, train_pairs, tmp_path
):
    import signal
    import subprocess
    import sys
    import time

    pairs = tmp_path / "pairs.tsv"
    pairs.write_text("".join(f"{s}\t{t}\n" for s, t in train_pairs[:200]), encoding="utf-8")
    config = tmp_path / "config.json"
    run = tiny_run_config(steps=100_000, log_every=1, eval_every=100_000)
    config.write_text(json.dumps(run.to_dict()))
    out = tmp_path / "run"
    command = [sys.executable, "-m", "transformer_demo", "train", "--config", str(config), "--pairs-file", str(pairs),
               "--out", str(out), "--quiet"]
    process = subprocess.Popen(command, cwd=repo_root, env=subprocess_env, stdout=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 300
    while not (out / "train_log.jsonl").is_file() or '"step"' not in (out / "train_log.jsonl").read_text():
        assert process.poll() is None and time.monotonic() < deadline, "training never logged a step"
        time.sleep(0.2)
    process.send_signal(signal.SIGTERM)
    stdout, _ = process.communicate(timeout=300)
    assert process.returncode == 0
    saved = json.loads((out / "last" / "trainer_state.json").read_text())["step"]
    assert saved >= 1 and json.loads(stdout.splitlines()[-1])["steps"] == saved
    assert "when asked" in read_log(out)[-1]["message"]
