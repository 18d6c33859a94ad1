"""Train tab: train a small model for N steps and watch the loss fall, live."""
from __future__ import annotations

import time
from dataclasses import dataclass, field

import gradio as gr

from .. import viz
from ..errors import UserError
from ..services import Catalog, TrainingService
from ..services.training import TrainingJob
from ..serving.hosting import gpu_task, on_zerogpu, training_seconds
from ..training.trainer import TrainEvent
from .common import intro, model_choices, user_errors, visitor, whole

INTRO = """Train a small Transformer right here and watch it learn. The **loss** is the cross-entropy of the next
token: the lower, the more probability the model gives to the right answer. At each evaluation (every 200 steps
and at the end) the model translates a few validation examples, so you can see its outputs improve. When it
finishes, or when you press **Stop**, the model is saved under `runs/` and appears in the model picker at the top."""

REDRAW_SECONDS = 1.0  # redraw the loss curve at most this often (every step is recorded)
START_HINT = "*Choose a task and a number of steps, then press **Train**: the loss curve and samples appear here.*"
STOPPING = "Stopping after the current step; the model trained so far is saved."
NOTHING_TO_STOP = "No training job is running."
HIGHER = ("*The training loss is above the validation loss because dropout and label smoothing are on in training "
          "only.*")


@dataclass
class Progress:
    """What the tab has seen of a run so far."""

    job: TrainingJob
    steps: list[int] = field(default_factory=list)
    losses: list[float] = field(default_factory=list)
    val_steps: list[int] = field(default_factory=list)
    val_losses: list[float] = field(default_factory=list)
    messages: list[str] = field(default_factory=list)
    samples: list[tuple[str, str, str]] = field(default_factory=list)
    sample_step: int = 0
    last: TrainEvent | None = None

    def add(self, event: TrainEvent) -> None:
        self.last = event
        if event.kind == "step" and event.loss is not None:
            self.steps.append(event.step)
            self.losses.append(event.loss)
        if event.kind == "eval" and event.val_loss is not None:
            self.val_steps.append(event.step)
            self.val_losses.append(event.val_loss)
        if event.samples:
            self.samples, self.sample_step = event.samples, event.step
        if event.message and event.kind in ("start", "done"):
            self.messages.append(event.message)

    def status(self) -> str:
        """The step line first, then what the run said, and where it is saved (named by "Done" at the end)."""
        lines, event = [], self.last
        if event is not None and event.step:
            line = f"**Step {event.step:,} / {event.total_steps:,}**"
            if self.losses:
                line += f" · loss {self.losses[-1]:.3f}"
            if self.val_losses:
                line += f" · validation loss {self.val_losses[-1]:.3f}"
            if event.tokens_per_s:
                line += f" · {event.tokens_per_s:,.0f} tokens/s"
            if event.eta_s is not None and event.kind == "step":
                line += f" · about {event.eta_s:.0f} s to go"
            lines.append(line)
        lines += self.messages
        if self.losses and self.val_losses and self.losses[-1] > self.val_losses[-1]:
            lines.append(HIGHER)
        if event is not None and event.kind == "done":
            lines.append(f"**Done.** Select **{self.job.name}** in the model picker to try it. {self.evaluated()}")
        else:
            lines.append(f"Saving to `{self.job.name}`.")
        return "  \n".join(lines)

    def evaluated(self) -> str:
        """What the finished run was evaluated on, and which model it kept (the best evaluated one)."""
        step = self.last.step if self.last else 0
        if not self.val_steps:
            return f"It ended at step {step:,}, before its first evaluation: no validation score and no samples."
        best = min(range(len(self.val_losses)), key=self.val_losses.__getitem__)
        steps = ", ".join(f"{s:,}" for s in self.val_steps)
        return (f"Evaluated at step{'s' * (len(self.val_steps) > 1)} {steps}; the model kept is the one of step "
                f"{self.val_steps[best]:,} (validation loss {self.val_losses[best]:.3f}).")

    def samples_markdown(self) -> str:
        if not self.samples:
            if self.last is not None and self.last.kind == "done":
                return ""  # the status says there was no evaluation
            return "*Sample outputs appear at the first evaluation.*"
        rows = ["| input | model output | reference |", "|---|---|---|"]
        rows += [f"| {s} | {o or '(empty)'} | {r} |" for s, o, r in self.samples]
        return f"Samples at step {self.sample_step:,}, the last evaluation:\n\n" + "\n".join(rows)

    def figure(self):
        return viz.loss_figure(self.steps, self.losses, self.val_steps, self.val_losses)


def base_choices(catalog: Catalog, request: gr.Request | None) -> list[tuple[str, str]]:
    """"Start from": from scratch, or any model of the picker (the same list for the same visitor)."""
    return [("from scratch", "")] + model_choices(catalog, request)


def build(service: TrainingService, model: gr.Dropdown) -> gr.Dropdown:
    """Builds the tab; returns its "Start from" list (the app fills it for the visitor when the page loads)."""
    intro(INTRO)
    tasks = service.train_tasks()
    with gr.Row():
        task = gr.Dropdown([(label, key) for key, label in tasks.items()], value="copy", label="Task", min_width=300)
        steps = gr.Number(value=300, precision=0, label=f"Steps (1 to {service.max_train_steps:,})", min_width=160)
        base = gr.Dropdown(
            base_choices(service.catalog, None), value="", label="Start from", allow_custom_value=True, min_width=300
        )
    where = "a GPU lent for each run (ZeroGPU)" if on_zerogpu() else service.catalog.device_description()
    gr.Markdown(f"Training runs on **{where}**; one training job at a time per server.")
    with gr.Row():
        start = gr.Button("Train", variant="primary", min_width=120)
        stop = gr.Button("Stop", variant="stop", min_width=120)
    stop_note = gr.Markdown()
    status = gr.Markdown(START_HINT)
    loss = gr.Plot(label="Loss", format="png", show_label=False, visible=False)  # shown with the first step
    samples = gr.Markdown()

    def train(task: str = "copy", steps: float = 300, base: str = "", request: gr.Request = None):
        """Stream a training run; the last update refreshes the model pickers."""
        try:
            job = service.train(task, whole(steps, "steps"), base or None, visitor(service.catalog, request))
        except UserError as exc:  # a refusal: said in the page as well as in the message box
            yield f"**Not started:** {exc}", *[gr.skip()] * 5
            raise
        progress = Progress(job)
        preparing = "Preparing the data and the tokenizer…"
        yield preparing, gr.Plot(progress.figure(), visible=True), "", "", gr.skip(), gr.skip()
        drawn = 0.0
        for event in job.events:
            progress.add(event)
            if event.kind in ("eval", "done") or time.monotonic() - drawn > REDRAW_SECONDS:
                drawn = time.monotonic()
                yield progress.status(), progress.figure(), progress.samples_markdown(), *[gr.skip()] * 3
        yield (
            progress.status(), progress.figure(), progress.samples_markdown(), "",
            gr.Dropdown(choices=model_choices(service.catalog, request)),
            gr.Dropdown(choices=base_choices(service.catalog, request)),
        )

    def gpu_seconds(task: str = "copy", steps: float = 300, base: str = "", request: gr.Request = None) -> int:
        """How long a ZeroGPU Space lends the GPU for this run (the spaces package asks before each run)."""
        return training_seconds(steps if isinstance(steps, (int, float)) else 0)

    train = user_errors(gpu_task(train, gpu_seconds))

    @user_errors
    def stop_training(request: gr.Request = None) -> str:
        """Stop this visitor's run: "Stopping after the current step; ..." or "No training job is running."."""
        return f"*{STOPPING if service.stop_training(visitor(service.catalog, request)) else NOTHING_TO_STOP}*"

    def request_stop(request: gr.Request = None) -> str:
        """The page's Stop, answered beside the buttons while a run stops (another visitor's job: a refusal in a
        message box; the status below says when it has ended). With nothing running: a passing note, so that no
        line sits above the results of a finished run."""
        said = stop_training(request)
        if NOTHING_TO_STOP in said:
            gr.Info(NOTHING_TO_STOP)
            return ""
        return said

    # No queue limit: the service runs one job at a time and refuses a second one at once with a clear
    # message, where a limit of 1 would keep the second user waiting and then train after the first.
    run = start.click(
        train, [task, steps, base], [status, loss, samples, stop_note, model, base], api_name="train",
        concurrency_limit=None, show_progress="hidden",  # the status line streams the progress; no "Error" badge
        api_description="Train (task, steps, base model or '') and stream progress; returns the final status.",
    )
    # On ZeroGPU the run is in another process (the GPU worker): Stop cancels the event, which closes the run there.
    stop.click(  # queued (so that its passing note can show) but never waiting: no concurrency limit
        request_stop, None, stop_note, concurrency_limit=None, api_visibility="private",
        cancels=[run] if on_zerogpu() else None,
    )
    gr.api(stop_training, api_name="stop_training", concurrency_limit=None)
    return base
