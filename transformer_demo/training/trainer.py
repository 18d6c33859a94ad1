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
import random
import time
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path

import torch

from ..checkpoint import save_checkpoint
from ..config import RunConfig, TrainConfig
from ..data import Example, Pair, collate, encode_pairs, make_batches
from ..decoding import DecodeOptions, eval_mode, translate
from ..errors import CheckpointError
from ..model import Transformer
from .build import build_run
from .ema import EMA
from .loss import sequence_loss
from .resume import LAST, has_train_state, load_train_state, save_train_state
from .runtime import autocast, autocast_dtype, process_device


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
    cpu_hours: float | None = None  # CPU time the run has used so far, over every session it was resumed in
    samples: list[tuple[str, str, str]] = field(default_factory=list)  # (source, output, reference)
    message: str = ""

    def to_json(self) -> str:
        return json.dumps({k: v for k, v in asdict(self).items() if v not in (None, [], "")})


def learning_rate(step: int, peak: float, warmup: int, schedule: str = "inverse_sqrt", total: int = 0) -> float:
    """A linear warmup to peak, then the decay schedule names.

    inverse_sqrt: the paper's d_model^-0.5 * min(step^-0.5, step * warmup^-1.5), rescaled to peak at warmup.
    cosine / linear: down to zero at step total, the planned last step (a short run ends on a small step size).
    """
    step = max(step, 1)
    if step <= warmup or schedule == "inverse_sqrt":
        return peak * min(step / warmup, math.sqrt(warmup / step))
    progress = min(1.0, (step - warmup) / max(total - warmup, 1))
    if schedule == "cosine":
        return peak * 0.5 * (1.0 + math.cos(math.pi * progress))
    return peak * (1.0 - progress)


def make_optimizer(model: torch.nn.Module, cfg: TrainConfig) -> torch.optim.AdamW:
    """AdamW with the paper's epsilon. The fused kernel (CPU and CUDA) updates every parameter in one pass;
    on the CPU it steps about 3x faster than the default per-parameter loop, which matters for small batches."""
    return torch.optim.AdamW(
        model.parameters(), lr=cfg.lr, betas=cfg.betas, eps=1e-9, weight_decay=cfg.weight_decay, fused=True
    )


@torch.no_grad()
def validation_loss(
    model: Transformer, examples: list[Example], max_tokens: int, dtype: torch.dtype | None = None
) -> float | None:
    """Mean cross-entropy per target token (no label smoothing), dropout off; None without examples."""
    if not examples:
        return None
    device = next(model.parameters()).device
    total, tokens = 0.0, 0
    with eval_mode(model):
        for indices in make_batches(examples, max_tokens):
            batch = collate([examples[i] for i in indices]).to(device)
            with autocast(device, dtype):
                logits = model(batch.src, batch.tgt_in, batch.src_mask, batch.tgt_mask)
            total += sequence_loss(logits, batch.tgt_out, reduction="sum").item()
            tokens += batch.n_tokens
    return total / max(tokens, 1)


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
        self.device, self.rank, self.world = process_device(device)
        self.train_pairs, self.val_pairs = train_pairs, val_pairs
        self.step, self.epoch, self.batch_in_epoch, self.best_val = 0, 0, 0, float("inf")
        self.stop_requested = False  # set from elsewhere (a signal handler): save the state and stop after this step
        self.cpu_seconds, self._cpu_mark = 0.0, time.process_time()  # time.process_time: all of this process' threads
        last = self.out_dir / LAST
        if resume and not has_train_state(last):
            raise CheckpointError(f"nothing to resume: no {last / 'trainer_state.json'}")
        built = build_run(run, train_pairs, last if resume else init_from)
        self.run_config, self.vocab, self.model = built.run, built.vocab, built.model
        cfg = self.run_config.train
        if cfg.threads > 0:
            torch.set_num_threads(cfg.threads)
        self.model.to(self.device)
        self.optimizer = make_optimizer(self.model, cfg)
        self.ema = EMA(self.model, cfg.ema_decay)
        if resume:
            counters = load_train_state(last, self.optimizer, self.ema)
            self.step, self.epoch = counters["step"], counters["epoch"]
            self.batch_in_epoch, self.best_val = counters["batch_in_epoch"], counters["best_val"]
            self.cpu_seconds = counters.get("cpu_seconds", 0.0)  # runs saved before it was counted start from 0
        self.train_examples, self.truncated = encode_pairs(train_pairs, self.vocab, self.run_config.model.max_len)
        self.val_examples, _ = encode_pairs(val_pairs, self.vocab, self.run_config.model.max_len)
        self.batches_per_epoch = max(1, len(self._batches(0)) // self.world)
        steps_per_epoch = max(1, self.batches_per_epoch // cfg.grad_accum)
        self.total_steps = cfg.steps or (cfg.epochs or 1) * steps_per_epoch
        self.planned_steps = self.total_steps  # where a decaying schedule reaches zero, whatever max_steps says
        if max_steps is not None:
            self.total_steps = min(self.total_steps, self.step + max_steps)
        self.parallel_model = self.model
        if self.world > 1:
            ids = [self.device.index] if self.device.type == "cuda" else None
            self.parallel_model = torch.nn.parallel.DistributedDataParallel(self.model, device_ids=ids)
        self.autocast_dtype = autocast_dtype(cfg.precision, self.device)
        self.scaler = torch.amp.GradScaler(self.device.type, enabled=self.autocast_dtype == torch.float16)

    def _save_train_state(self) -> None:
        counters = {k: getattr(self, k) for k in ("step", "epoch", "batch_in_epoch", "best_val")}
        counters["cpu_seconds"] = self.used_cpu_seconds()
        save_train_state(
            self.out_dir / LAST, self.model, self.run_config, self.vocab, self.optimizer, self.ema, counters
        )

    # --- the loop ---

    def _batches(self, epoch: int) -> list[list[int]]:
        cfg = self.run_config.train
        return make_batches(self.train_examples, cfg.max_tokens, cfg.seed + epoch, cfg.sort_by_length)

    def validation_loss(self) -> float | None:
        return validation_loss(self.model, self.val_examples, self.run_config.train.max_tokens, self.autocast_dtype)

    def _train_step(self, group: list[list[int]]) -> tuple[float, int]:
        """One optimizer step over the batches in group (gradient accumulation): (mean loss, target tokens)."""
        cfg = self.run_config.train
        for g in self.optimizer.param_groups:
            g["lr"] = learning_rate(self.step + 1, cfg.lr, cfg.warmup, cfg.lr_schedule, self.planned_steps)
        loss_sum, tokens = 0.0, 0
        for indices in group:
            batch = collate([self.train_examples[i] for i in indices]).to(self.device)
            with autocast(self.device, self.autocast_dtype):
                logits = self.parallel_model(batch.src, batch.tgt_in, batch.src_mask, batch.tgt_mask)
            loss = sequence_loss(logits, batch.tgt_out, cfg.label_smoothing)
            self.scaler.scale(loss / len(group)).backward()
            loss_sum += loss.item() / len(group)
            tokens += batch.n_tokens * self.world
        self.scaler.unscale_(self.optimizer)
        torch.nn.utils.clip_grad_norm_(self.model.parameters(), cfg.clip_grad)
        self.scaler.step(self.optimizer)
        self.scaler.update()
        self.optimizer.zero_grad(set_to_none=True)
        self.ema.update(self.step)
        self.step += 1
        return loss_sum, tokens

    def samples(self, n: int = 3) -> list[tuple[str, str, str]]:
        pairs = self.val_pairs[:n] or self.train_pairs[:n]
        outputs = translate(self.model, self.vocab, [s for s, _ in pairs], DecodeOptions(max_len=60))
        return [(s, o, t) for (s, t), o in zip(pairs, outputs)]

    def used_cpu_seconds(self) -> float:
        """CPU seconds of this run: earlier sessions' (saved with the state) and this process' since it started."""
        return self.cpu_seconds + time.process_time() - self._cpu_mark

    def _event(self, kind: str, **values) -> TrainEvent:
        if kind in ("step", "eval", "done"):
            values.setdefault("cpu_hours", self.used_cpu_seconds() / 3600)
        event = TrainEvent(kind, self.step, self.total_steps, self.epoch, **values)
        if self.rank == 0 and kind != "start":
            self.out_dir.mkdir(parents=True, exist_ok=True)
            with open(self.out_dir / "train_log.jsonl", "a", encoding="utf-8") as log:
                log.write(event.to_json() + "\n")
        return event

    def _evaluate_and_save(self) -> Iterator[TrainEvent]:
        with self.ema.applied():
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
                loss_sum, tokens = self._train_step(group)
                window_tokens += tokens
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
                    event = self._event(
                        "step", **{k: getattr(event, k) for k in ("loss", "lr", "tokens_per_s", "eta_s")}
                    )
                    window_tokens, window_start = 0, time.perf_counter()
                yield event
                if self.step % cfg.eval_every == 0 and self.step < self.total_steps:
                    yield from self._evaluate_and_save()
                    if cfg.patience and self.evals_without_gain >= cfg.patience:
                        self.total_steps = self.step
                        yield self._event(
                            "done", message=f"early stop: no better validation loss in {cfg.patience} evaluations"
                        )
                        return
                if self.stop_requested:
                    if self.rank == 0:
                        self._save_train_state()
                    yield self._event("done", message=f"stopped at step {self.step} when asked; --resume continues")
                    return
            if self.batch_in_epoch >= len(batches):
                self.epoch += 1
                self.batch_in_epoch = 0
        yield from self._evaluate_and_save()
        yield self._event("done", message=f"finished {self.step} steps; best validation loss {self.best_val:.4f}")
