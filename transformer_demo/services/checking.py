"""The answer check (answer_check.py) as a service: a math model from the catalog answers the question."""
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
        """The seed's response; the model: the one named, else checkpoints' math-qa, else the first math model."""
        from ..answer_check import check
        from ..math_answer import engine_n_best, mode_of, reply

        math_models = [m.name for m in self.catalog.models() if m.task == "math"]
        name = model_name or ("math-qa" if "math-qa" in math_models else next(iter(math_models), None))
        if name is None:
            raise ServiceError("No math model is available for the answer check.")
        info, engine = self.registry.entry(name)
        if info.task != "math":
            raise ServiceError(f"The answer check needs a math model; {info.name} is a {info.task} model.")
        mode = mode_of(engine.checkpoint.run.train.task_options)
        options = DecodeOptions(time_limit=self.decode_time_limit)

        def answerer(text: str):
            return reply(text, engine.translate([text], options)[0].outputs[0][0], mode, engine_n_best(engine, options))

        return check(answerer, useranswer, conversation, question)
