"""The math task: questions of 15 families (questions.py generates them), scored per family and operand range
(scoring.py); its finish is the reply a user gets (answer.py): each output's program evaluated exactly, a failed
one said, never answered."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...data import Pair
from ...decoding import DecodeOptions
from ...inference import Engine, EngineResult
from ..base import (
    CONFIGS,
    DataSource,
    LineResult,
    Prepared,
    Preset,
    Task,
    Words,
    joined,
    outputs_of,
    truncation_notice,
)
from .answer import EXAMPLE_QUESTIONS, MathReply, mode_of, reply, unknown_question_notice
from .families import family_of
from .questions import math_pairs
from .scoring import math_scores

if TYPE_CHECKING:
    from ...checkpoint import Checkpoint


class MathTask(Task):
    name, label = "math", "Math questions (15 families)"
    words = Words("question", "program")  # the model writes a program; exact arithmetic answers
    presets = (Preset("math", label, CONFIGS / "math_qa.json"),)
    answers_questions = True
    usage_example = EXAMPLE_QUESTIONS[0]

    @staticmethod
    def group_of(question: str) -> str:
        return family_of(question)

    def pairs(self, cfg, split: str, source: DataSource | None = None) -> list[Pair]:
        return math_pairs(split, cfg.task_options)

    def score(self, hypotheses: list[str], references: list[str], sources: list[str]) -> dict[str, Any]:
        return math_scores(sources, hypotheses, references)

    def examples(self, src_lang: str, tgt_lang: str, sources: tuple[str, ...] = ()) -> list[str]:
        return list(EXAMPLE_QUESTIONS)

    def notice(self, text: str) -> str | None:
        return unknown_question_notice(text)

    def finish(
        self, source: str, prepared: Prepared, result: EngineResult, checkpoint: Checkpoint, options: DecodeOptions
    ) -> LineResult:
        """The outputs become answers; the reply's notice includes the question's (unknown wording, operands out
        of range) whenever it applies."""
        text, notice = prepared
        outputs = outputs_of(result, checkpoint)
        replies = [reply(source, output.text, mode_of(checkpoint.run.train.task_options)) for output in outputs]
        answers = [output._replace(text=r.answer if r.answer is not None else "(no answer)")
                   for r, output in zip(replies, outputs)]
        notice = joined([notice, truncation_notice(text, checkpoint), replies[0].notice])
        return LineResult(source, answers, notice, replies[0].program, replies[0])

    def cli_line(self, line: LineResult, show_program: bool = False) -> str:
        return line.reply.line(show_program)


def answer_questions(engine: Engine, questions: list[str], options: DecodeOptions | None = None) -> list[MathReply]:
    """What a user gets for each question (greedy unless options say otherwise): MathTask.translate's replies."""
    lines = MathTask().translate(engine, engine.checkpoint, questions, options or DecodeOptions())
    return [line.reply for line in lines]
