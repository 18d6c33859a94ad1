"""Data-parallel training: `torchrun -m transformer_demo train` on two CPU processes (gloo).

The test starts this file under torchrun; each process runs the real CLI `train` command and then
writes a digest of its own model replica, so the test can check that the replicas are identical.
"""
from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

STEPS = 6


def weights_digest(model) -> str:
    digest = hashlib.sha256()
    for name, tensor in model.state_dict().items():
        digest.update(name.encode())
        digest.update(tensor.detach().cpu().contiguous().numpy().tobytes())
    return digest.hexdigest()


def worker(report_dir: Path, cli_args: list[str]) -> int:
    """One torchrun process: the CLI's train command, then a report on this rank's replica."""
    from torch.nn.parallel import DistributedDataParallel

    from transformer_demo.cli import main
    from transformer_demo.training import trainer as training

    trainers: list[training.Trainer] = []
    original_init = training.Trainer.__init__

    def recording_init(self, *args, **kwargs):
        original_init(self, *args, **kwargs)
        trainers.append(self)

    training.Trainer.__init__ = recording_init
    status = main(cli_args)
    [trainer] = trainers
    report = {
        "rank": trainer.rank,
        "world": trainer.world,
        "env_rank": int(os.environ["RANK"]),
        "step": trainer.step,
        "ddp": isinstance(trainer.parallel_model, DistributedDataParallel),
        "batches_per_epoch": trainer.batches_per_epoch,
        "all_batches": len(training.make_batches(trainer.train_examples, trainer.run_config.train.max_tokens)),
        "weights": weights_digest(trainer.model),
        "vocab": hashlib.sha256(trainer.vocab.src.to_str().encode()).hexdigest(),
    }
    (report_dir / f"rank{trainer.rank}.json").write_text(json.dumps(report))
    return status


@pytest.mark.slow
def test_two_gloo_processes_keep_identical_replicas(repo_root, multi30k_dir, subprocess_env, tmp_path):
    from transformer_demo.checkpoint import load_checkpoint

    out = tmp_path / "run"
    cli_args = ["train", "--config", "configs/tiny.json", "--data-dir", str(multi30k_dir), "--steps", str(STEPS),
                "--limit", "300", "--out", str(out), "--device", "cpu"]
    command = [sys.executable, "-m", "torch.distributed.run", "--standalone", "--nproc_per_node", "2",
               __file__, str(tmp_path), *cli_args]
    result = subprocess.run(command, cwd=repo_root, env=subprocess_env, capture_output=True, text=True, timeout=540)
    assert result.returncode == 0, result.stderr[-3000:]

    reports = [json.loads((tmp_path / f"rank{rank}.json").read_text()) for rank in (0, 1)]
    for rank, report in enumerate(reports):
        assert report["rank"] == report["env_rank"] == rank and report["world"] == 2
        assert report["ddp"] and report["step"] == STEPS
        assert report["batches_per_epoch"] == report["all_batches"] // 2  # each rank trains on its half
    assert reports[0]["vocab"] == reports[1]["vocab"]
    assert reports[0]["weights"] == reports[1]["weights"]

    # Only rank 0 prints its summary and saves; what it saved is the replicas' common state.
    [summary] = result.stdout.splitlines()
    assert json.loads(summary)["steps"] == STEPS
    checkpoint = load_checkpoint(out)
    assert weights_digest(checkpoint.model) == reports[0]["weights"]
    assert checkpoint.info["trained_steps"] == STEPS


if __name__ == "__main__":  # a torchrun worker: test_ddp.py REPORT_DIR CLI_ARGS...
    sys.exit(worker(Path(sys.argv[1]), sys.argv[2:]))
