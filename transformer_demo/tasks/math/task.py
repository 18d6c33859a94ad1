"""The math task: questions of the families (questions.py generates them), scored per family and operand range
(scoring.py); its finish is the reply a user gets (answer.py): each output's answer verified against the question
before it is shown, or no answer and why in one sentence.

A question in a wording no family lists and stating no equation is answered only when the model's other readings
agree, and a question whose first program fails the checks gets its other readings tried, so translate decodes
those questions a second time, by beam search with N_BEST outputs, whatever decoding the caller asked for: the
CLI, the Ask tab, the API and the answer check all get the same verified reply."""
from __future__ import annotations

from dataclasses import replace
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
from .answer import (
    EXAMPLE_QUESTIONS,
    N_BEST,
    MathReply,
    mode_of,
    needs_readings,
    reply,
    unknown_question_notice,
)
from .asking import question_in
from .families import FAMILIES, family_of
from .questions import math_pairs
from .rounding import written
from .scoring import math_scores

if TYPE_CHECKING:
    from ...checkpoint import Checkpoint


class MathTask(Task):
    name, label = "math", f"Math questions ({len(FAMILIES)} families)"
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

    def translate(
        self, engine: Engine, checkpoint: Checkpoint, lines: list[str], options: DecodeOptions
    ) -> list[LineResult]:
        """The caller's decoding gives the outputs; the questions whose answers need the model's other readings
        (answer.needs_readings) are decoded once more, together, by beam search with N_BEST outputs."""
        asked = [question_in(line) for line in lines]
        prepared = [self.prepare(question, checkpoint) for question in asked]
        results = engine.translate([text for text, _ in prepared], options)
        mode = mode_of(checkpoint.run.train.task_options)
        wanted = [i for i, (question, result) in enumerate(zip(asked, results))
                  if needs_readings(question, [text for text, _ in result.outputs], mode)]
        beam = replace(options, method="beam", beam_size=N_BEST, n_best=N_BEST)
        decoded = engine.translate([prepared[i][0] for i in wanted], beam) if wanted else []
        readings = {i: tuple(text for text, _ in result.outputs) for i, result in zip(wanted, decoded)}
        return [self.finish(*found, checkpoint, options, readings.get(i, ()), asked[i])
                for i, found in enumerate(zip(lines, prepared, results))]

    def finish(
        self, source: str, prepared: Prepared, result: EngineResult, checkpoint: Checkpoint, options: DecodeOptions,
        readings: tuple[str, ...] = (), question: str | None = None,
    ) -> LineResult:
        """The outputs become verified answers (readings: the model's beam-search programs for the question, when
        needs_readings; question: the one asked in source, asking.question_in); the line's notice is the best
        reply's, after the truncation notice."""
        text, notice = prepared
        outputs = outputs_of(result, checkpoint)
        question = question_in(source) if question is None else question
        replies = [_written(reply(question, output.text, mode_of(checkpoint.run.train.task_options), readings))
                   for output in outputs]
        answers = [output._replace(text=r.answer if r.answer is not None else "(no answer)")
                   for r, output in zip(replies, outputs)]
        notice = joined([notice, truncation_notice(text, checkpoint), replies[0].notice])
        return LineResult(source, answers, notice, replies[0].program, replies[0])

    def cli_line(self, line: LineResult, show_program: bool = False) -> str:
        return line.reply.line(show_program)


def _written(reply: MathReply) -> MathReply:
    """The reply with its answer written to the precision its question asks ("to 1 dp"): rounding.written."""
    return reply if reply.answer is None or reply.result is None else replace(
        reply, answer=written(reply.result, reply.question))


def answer_questions(engine: Engine, questions: list[str], options: DecodeOptions | None = None) -> list[MathReply]:
    """What a user gets for each question (greedy unless options say otherwise): MathTask.translate's replies."""
    lines = MathTask().translate(engine, engine.checkpoint, questions, options or DecodeOptions())
    return [line.reply for line in lines]
