"""translation: pairs from a data folder, a hub dataset or a pairs file; scored with sacreBLEU and chrF.
The task owns case normalisation (prepare) and the confidence notices (line_notice): see confidence.py."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import confidence
from ..config import TrainConfig
from ..data import Pair, beyond_captions, read_mixed
from ..errors import DataError
from ..scoring import translation_scores
from ..tokenization import UNK_ID
from .base import CONFIGS, DataSource, Output, Prepared, Preset, Task, joined

if TYPE_CHECKING:
    from ..checkpoint import Checkpoint


CAPTIONS = [
    "A man is riding a bike.",
    "Two dogs are playing in the snow.",
    "A little girl in a pink dress is climbing the stairs.",
]
# Per language pair: everyday sentences and a question first (what a visitor types), then the captions. The shipped
# models translate each of their pair's right by greedy and beam search (tests/test_shipped.py): "Good morning! How
# are you?" became "Was sind Sie?" by beam search, and "a croissant" "une crise", so they are not offered.
EVERYDAY = {
    ("en", "de"): ["Good morning!", "Where is the train station?", "I would like a cup of coffee, please.",
                   "My brother has lived in Hamburg for three years."],
    ("en", "fr"): ["How are you?", "Where is the bakery?", "I would like a cup of coffee, please.",
                   "My sister lives in Paris."],
    ("en", None): ["Good morning! How are you?", "Where is the train station?", "Thank you very much for your help."],
}


class Translation(Task):
    name, label = "translation", "Translation"
    between_languages = True
    presets = tuple(
        Preset(f"multi30k-en-{tgt}", f"Multi30k English → {language}", CONFIGS / "tiny.json", ("en", tgt), True)
        for tgt, language in (("de", "German"), ("fr", "French"))
    )

    def pairs(self, cfg: TrainConfig, split: str, source: DataSource | None = None) -> list[Pair]:
        if source is None:
            raise DataError("translation needs a data source (--data-dir, --dataset or --pairs-file)")
        if cfg.sources:
            if not source.data_dir:
                raise DataError("a config with several sources needs --data-dir, the folder their paths start from")
            return read_mixed(source.data_dir, cfg.sources, split, cfg.src_lang, cfg.tgt_lang)
        return source.load(split, cfg.src_lang, cfg.tgt_lang)

    def score(self, hypotheses: list[str], references: list[str], sources: list[str]) -> dict[str, Any]:
        return translation_scores(hypotheses, references)

    def examples(self, src_lang: str, tgt_lang: str, sources: tuple[str, ...] = ()) -> list[str]:
        """sources: the model's training data (config `sources`). A model trained on more than captions opens on
        everyday sentences, then captions; a caption model (Multi30k alone, or data not recorded) offers only
        captions, which it can translate (an everyday example would only show it failing)."""
        everyday = EVERYDAY.get((src_lang, tgt_lang), EVERYDAY.get((src_lang, None), []))
        if src_lang != "en":
            return everyday
        return everyday + CAPTIONS if beyond_captions(sources) else CAPTIONS

    def prepare(self, text: str, checkpoint: Checkpoint) -> Prepared:
        """All-capital English is sentence-cased first (confidence.normalize_case)."""
        return confidence.normalize_case(text, checkpoint.run.train.src_lang)

    def line_notice(
        self, prepared: Prepared, checkpoint: Checkpoint, best: Output | None = None,
        length_penalty: float | None = None,
    ) -> str | None:
        """The task's notices, then confidence.py's checks (a length_penalty: beam scores, length-normalised)."""
        text, _ = prepared
        vocab, train = checkpoint.vocab, checkpoint.run.train
        pieces = vocab.encode_src(text)
        mean = None if best is None else confidence.output_mean_log_prob(  # as calibration measures it
            best.text, best.score, best.log_prob, best.n_tokens, vocab.encode_tgt, length_penalty
        )
        rare = () if best is None or checkpoint.source_words is None else confidence.rare_words(
            text, best.text, checkpoint.source_words, confidence.rare_below(checkpoint.info)
        )
        signals = confidence.Signals(len(pieces), pieces.count(UNK_ID), mean, rare)
        found = confidence.notices(text, signals, train.src_lang, train.tgt_lang,
                                   confidence.log_prob_threshold(checkpoint.info))
        return joined([super().line_notice(prepared, checkpoint), *found])
