"""The training loop, written as a generator of events.

    for event in Trainer(run, train_pairs, val_pairs, out_dir).run():
        ...  # the CLI prints them, the web app streams them, a test inspects them

Stopping early is just not asking for the next event: every step yields, so a consumer that stops
iterating (the app's Stop button) stops training within one step. Checkpoints are written at
every evaluation and at the end: out_dir holds the best model by validation loss and out_dir/last
the newest state with the optimizer, which --resume continues from.
"""
from __future__ import annotations

import json
import math
import os
import random
import time
from contextlib import contextmanager, nullcontext
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Iterator

import torch
import torch.nn.functional as F

from .checkpoint import (
    CheckpointError,
    load_checkpoint,
    load_tensors,
    read_json,
    replace_folder,
    save_checkpoint,
    save_tensors,
    write_json,
)
from .config import RunConfig, TrainConfig
from .data import Batch, Pair, collate, encode_pairs, make_batches
from .decoding import DecodeOptions, translate
from .model import Transformer
from .tokenization import PAD_ID, Vocab

LAST = "last"


@dataclass
class TrainEvent:
    kind: str  # "start", "step", "eval", "checkpoint", "done"
    step: int
    total_steps: int
    epoch: int = 0
    loss: float | None = None
    lr: float | None = None
    tokens_per_s: float | None = None
    eta_s: float | None = None
    val_loss: float | None = None
    samples: list[tuple[str, str, str]] = field(default_factory=list)  # (source, output, reference)
    message: str = ""

    def to_json(self) -> str:
        return json.dumps({k: v for k, v in asdict(self).items() if v not in (None, [], "")})


def resolve_device(device: str) -> torch.device:
    if device == "auto":
        return torch.device("cuda" if torch.cuda.is_available() else "cpu")
    if device.startswith("cuda") and not torch.cuda.is_available():
        raise ValueError("--device cuda was asked for, but no CUDA GPU is available")
    if device != "cpu" and not device.startswith("cuda"):
        raise ValueError(f"device must be auto, cpu or cuda, got {device!r}")
    return torch.device(device)


def learning_rate(step: int, peak: float, warmup: int) -> float:
    """The paper's schedule, d_model^-0.5 * min(step^-0.5, step * warmup^-1.5), rescaled to peak at warmup."""
    step = max(step, 1)
    return peak * min(step / warmup, math.sqrt(warmup / step))


def make_optimizer(model: torch.nn.Module, cfg: TrainConfig) -> torch.optim.AdamW:
    """AdamW with the paper's epsilon. The fused kernel (CPU and CUDA) updates every parameter in one pass;
    on the CPU it steps about 3x faster than the default per-parameter loop, which matters for small batches."""
    return torch.optim.AdamW(
        model.parameters(), lr=cfg.lr, betas=cfg.betas, eps=1e-9, weight_decay=cfg.weight_decay, fused=True
    )


def distributed() -> tuple[int, int]:
    """(rank, world_size); initialises torch.distributed under torchrun."""
    world = int(os.environ.get("WORLD_SIZE", "1"))
    if world > 1 and not torch.distributed.is_initialized():
        backend = "nccl" if torch.cuda.is_available() else "gloo"
        torch.distributed.init_process_group(backend)
    return (torch.distributed.get_rank() if world > 1 else 0), world


class Trainer:
    def __init__(
        self,
        run: RunConfig,
        train_pairs: list[Pair],
        val_pairs: list[Pair],
        out_dir: str | Path,
        device: str = "auto",
        resume: bool = False,
        init_from: str | Path | None = None,
        max_steps: int | None = None,
    ):
        self.out_dir = Path(out_dir)
        self.device = resolve_device(device)
        self.rank, self.world = distributed()
        if self.world > 1 and self.device.type == "cuda":
            self.device = torch.device("cuda", int(os.environ.get("LOCAL_RANK", "0")))
        self.train_pairs, self.val_pairs = train_pairs, val_pairs
        self.step, self.epoch, self.batch_in_epoch, self.best_val = 0, 0, 0, float("inf")
        last = self.out_dir / LAST
        if resume and not (last / "trainer_state.json").is_file():
            raise CheckpointError(f"nothing to resume: no {last / 'trainer_state.json'}")
        start_from = last if resume else init_from
        if start_from is not None:  # the model is the saved one; the training settings (e.g. more epochs) may be new
            start = load_checkpoint(start_from)
            run = RunConfig(start.run.model, run.train)
            self.vocab, self.model = start.vocab, start.model
        else:
            cfg = run.train
            self.vocab = Vocab.build(
                train_pairs, cfg.tokenizer, cfg.vocab_size, cfg.min_frequency, cfg.joint_vocab, cfg.reverse_target
            )
            run.model.src_vocab_size = self.vocab.src.get_vocab_size()
            run.model.tgt_vocab_size = self.vocab.tgt.get_vocab_size()
            run.model.share_embeddings = run.model.share_embeddings and self.vocab.joint
            torch.manual_seed(cfg.seed)
            self.model = Transformer(run.model)
        self.run_config = run
        cfg = run.train
        if cfg.threads > 0:
            torch.set_num_threads(cfg.threads)
        self.model.to(self.device)
        self.optimizer = make_optimizer(self.model, cfg)
        # (weights averaged over the recent steps: a cheap stand-in for averaging the last checkpoints)
        self.ema = [p.detach().clone() for p in self.model.parameters()] if cfg.ema_decay > 0 else []
        if resume:
            self._load_train_state(last)
        self.train_examples, self.truncated = encode_pairs(train_pairs, self.vocab, run.model.max_len)
        self.val_examples, _ = encode_pairs(val_pairs, self.vocab, run.model.max_len)
        self.batches_per_epoch = max(1, len(self._batches(0)) // self.world)
        steps_per_epoch = max(1, self.batches_per_epoch // cfg.grad_accum)
        self.total_steps = cfg.steps or (cfg.epochs or 1) * steps_per_epoch
        if max_steps is not None:
            self.total_steps = min(self.total_steps, self.step + max_steps)
        self.parallel_model = self.model
        if self.world > 1:
            ids = [self.device.index] if self.device.type == "cuda" else None
            self.parallel_model = torch.nn.parallel.DistributedDataParallel(self.model, device_ids=ids)
        precision = cfg.precision
        if precision == "auto":
            precision = "bf16" if self.device.type == "cuda" else "fp32"
        self.autocast_dtype = {"bf16": torch.bfloat16, "fp16": torch.float16}.get(precision)
        self.scaler = torch.amp.GradScaler(self.device.type, enabled=precision == "fp16")

    # --- state for --resume: weights + optimizer tensors (safetensors) + counters (JSON) ---

    def _save_train_state(self) -> None:
        replace_folder(self.out_dir / LAST, self._write_train_state)  # weights, optimizer and counters change together

    def _write_train_state(self, last: Path) -> None:
        save_checkpoint(last, self.model, self.run_config, self.vocab)
        state = self.optimizer.state_dict()
        tensors = {f"{i}.{k}": v for i, s in state["state"].items() for k, v in s.items()}
        tensors["rng"] = torch.get_rng_state()
        tensors |= {f"ema.{i}": t for i, t in enumerate(self.ema)}
        save_tensors(last / "optimizer.safetensors", tensors)
        write_json(
            last / "trainer_state.json",
            {
                "step": self.step,
                "epoch": self.epoch,
                "batch_in_epoch": self.batch_in_epoch,
                "best_val": self.best_val,
                "param_groups": state["param_groups"],
            },
        )

    def _load_train_state(self, last: Path) -> None:
        info = read_json(last / "trainer_state.json")
        tensors = load_tensors(last / "optimizer.safetensors")
        try:
            torch.set_rng_state(tensors.pop("rng"))
            for i, average in enumerate(self.ema):
                average.copy_(tensors.pop(f"ema.{i}"))
            per_param: dict[int, dict] = {}
            for key, value in tensors.items():
                index, name = key.split(".", 1)
                per_param.setdefault(int(index), {})[name] = value
            self.optimizer.load_state_dict({"state": per_param, "param_groups": info["param_groups"]})
            self.step, self.epoch = info["step"], info["epoch"]
            self.batch_in_epoch, self.best_val = info["batch_in_epoch"], info["best_val"]
        except (KeyError, TypeError, ValueError, RuntimeError) as exc:
            raise CheckpointError(f"{last}: the saved training state does not fit ({type(exc).__name__}: {exc})") from None

    # --- the loop ---

    def _batches(self, epoch: int) -> list[list[int]]:
        cfg = self.run_config.train
        return make_batches(self.train_examples, cfg.max_tokens, cfg.seed + epoch, cfg.sort_by_length)

    def _update_ema(self) -> None:
        if self.ema:  # the decay ramps up so that the first steps' random weights fade quickly
            decay = min(self.run_config.train.ema_decay, (1 + self.step) / (10 + self.step))
            torch._foreach_lerp_(self.ema, [p.detach() for p in self.model.parameters()], 1.0 - decay)

    @contextmanager
    def averaged_weights(self):
        """Inside: the model holds the moving average of its weights (when ema_decay > 0)."""
        if not self.ema:
            yield
            return
        params = list(self.model.parameters())
        current = [p.detach().clone() for p in params]
        with torch.no_grad():
            torch._foreach_copy_(params, self.ema)
        try:
            yield
        finally:
            with torch.no_grad():
                torch._foreach_copy_(params, current)

    def _autocast(self):
        if self.autocast_dtype is None:
            return nullcontext()
        return torch.autocast(self.device.type, dtype=self.autocast_dtype)

    def _loss(self, batch: Batch) -> torch.Tensor:
        with self._autocast():
            logits = self.parallel_model(batch.src, batch.tgt_in, batch.src_mask, batch.tgt_mask)
        return F.cross_entropy(
            logits.float().view(-1, logits.size(-1)),
            batch.tgt_out.reshape(-1),
            ignore_index=PAD_ID,
            label_smoothing=self.run_config.train.label_smoothing,
        )

    @torch.no_grad()
    def validation_loss(self) -> float | None:
        if not self.val_examples:
            return None
        self.model.eval()
        total, tokens = 0.0, 0
        for indices in make_batches(self.val_examples, self.run_config.train.max_tokens):
            batch = collate([self.val_examples[i] for i in indices]).to(self.device)
            with self._autocast():
                logits = self.model(batch.src, batch.tgt_in, batch.src_mask, batch.tgt_mask)
            total += F.cross_entropy(
                logits.float().view(-1, logits.size(-1)), batch.tgt_out.reshape(-1), ignore_index=PAD_ID, reduction="sum"
            ).item()
            tokens += batch.n_tokens
        self.model.train()
        return total / max(tokens, 1)

    def samples(self, n: int = 3) -> list[tuple[str, str, str]]:
        pairs = self.val_pairs[:n] or self.train_pairs[:n]
        outputs = translate(self.model, self.vocab, [s for s, _ in pairs], DecodeOptions(max_len=60))
        self.model.train()
        return [(s, o, t) for (s, t), o in zip(pairs, outputs)]

    def _event(self, kind: str, **values) -> TrainEvent:
        event = TrainEvent(kind, self.step, self.total_steps, self.epoch, **values)
        if self.rank == 0 and kind != "start":
            self.out_dir.mkdir(parents=True, exist_ok=True)
            with open(self.out_dir / "train_log.jsonl", "a", encoding="utf-8") as log:
                log.write(event.to_json() + "\n")
        return event

    def _evaluate_and_save(self) -> Iterator[TrainEvent]:
        with self.averaged_weights():
            val_loss = self.validation_loss()
            samples = self.samples()
            improved = val_loss is None or val_loss < self.best_val
            if improved and self.rank == 0:
                extra = {"trained_steps": self.step, "val_loss": val_loss}
                save_checkpoint(self.out_dir, self.model, self.run_config, self.vocab, extra)
        if val_loss is not None:
            self.best_val = min(self.best_val, val_loss)
        self.evals_without_gain = 0 if improved else self.evals_without_gain + 1
        yield self._event("eval", val_loss=val_loss, samples=samples)
        if self.rank == 0:
            self._save_train_state()
            yield self._event("checkpoint", message=f"saved {'best and ' if improved else ''}last at step {self.step}")

    def run(self) -> Iterator[TrainEvent]:
        cfg = self.run_config.train
        random.seed(cfg.seed)
        self.model.train()
        self.evals_without_gain = 0
        yield self._event(
            "start",
            message=f"{sum(p.numel() for p in self.model.parameters()):,} parameters on {self.device}; "
            f"{len(self.train_examples):,} training pairs ({self.truncated} truncated to max_len); "
            f"{self.batches_per_epoch} batches per epoch",
        )
        window_tokens, window_start, run_start, start_step = 0, time.perf_counter(), time.perf_counter(), self.step
        while self.step < self.total_steps:
            batches = self._batches(self.epoch)[self.rank :: self.world][: self.batches_per_epoch]
            while self.batch_in_epoch < len(batches) and self.step < self.total_steps:
                group = batches[self.batch_in_epoch : self.batch_in_epoch + cfg.grad_accum]
                self.batch_in_epoch += len(group)
                for g in self.optimizer.param_groups:
                    g["lr"] = learning_rate(self.step + 1, cfg.lr, cfg.warmup)
                loss_sum = 0.0
                for indices in group:
                    batch = collate([self.train_examples[i] for i in indices]).to(self.device)
                    loss = self._loss(batch)
                    self.scaler.scale(loss / len(group)).backward()
                    loss_sum += loss.item() / len(group)
                    window_tokens += batch.n_tokens * self.world
                self.scaler.unscale_(self.optimizer)
                torch.nn.utils.clip_grad_norm_(self.model.parameters(), cfg.clip_grad)
                self.scaler.step(self.optimizer)
                self.scaler.update()
                self.optimizer.zero_grad(set_to_none=True)
                self._update_ema()
                self.step += 1
                if not math.isfinite(loss_sum):
                    yield self._event("done", loss=loss_sum, message="stopped: the loss is not finite (try a lower lr)")
                    return
                elapsed = time.perf_counter() - window_start
                done_steps = self.step - start_step
                eta = (time.perf_counter() - run_start) / done_steps * (self.total_steps - self.step)
                logged = self.step % cfg.log_every == 0 or self.step == self.total_steps
                event = TrainEvent(
                    "step", self.step, self.total_steps, self.epoch, loss_sum, self.optimizer.param_groups[0]["lr"],
                    window_tokens / max(elapsed, 1e-9), eta,
                )
                if logged:
                    event = self._event("step", **{k: getattr(event, k) for k in ("loss", "lr", "tokens_per_s", "eta_s")})
                    window_tokens, window_start = 0, time.perf_counter()
                yield event
                if self.step % cfg.eval_every == 0 and self.step < self.total_steps:
                    yield from self._evaluate_and_save()
                    if cfg.patience and self.evals_without_gain >= cfg.patience:
                        self.total_steps = self.step
                        yield self._event("done", message=f"early stop: no better validation loss in {cfg.patience} evaluations")
                        return
            if self.batch_in_epoch >= len(batches):
                self.epoch += 1
                self.batch_in_epoch = 0
        yield from self._evaluate_and_save()
        yield self._event("done", message=f"finished {self.step} steps; best validation loss {self.best_val:.4f}")
