"""The answer check (tasks/math/answer_check.py) as a service: a math model from the catalog answers the question."""
from __future__ import annotations

from typing import Any

from ..decoding import DecodeOptions
from ..errors import ServiceError
from .catalog import Catalog
from .translation import DECODE_TIME_LIMIT


class CheckingService:
    def __init__(self, catalog: Catalog, decode_time_limit: float = DECODE_TIME_LIMIT):
        self.catalog, self.registry = catalog, catalog.registry
        self.decode_time_limit = decode_time_limit

    def check_answer(self, model_name: str | None, useranswer: Any, conversation: Any = None,
                     question: str | None = None) -> dict[str, Any]:
        """The seed's response; the model: the one named, else checkpoints' math-qa, else the first model whose
        task answers questions (a math model)."""
        from ..tasks.math.answer_check import check
        from ..tasks.math.task import answer_questions

        answering = [m.name for m in self.catalog.models() if m.answers_questions]
        name = model_name or ("math-qa" if "math-qa" in answering else next(iter(answering), None))
        if name is None:
            raise ServiceError("No math model is available for the answer check.")
        info, engine = self.registry.entry(name)
        if not info.answers_questions:
            raise ServiceError(f"The answer check needs a math model; {info.name} is a {info.task} model.")
        options = DecodeOptions(time_limit=self.decode_time_limit)
        return check(lambda text: answer_questions(engine, [text], options)[0], useranswer, conversation, question)
