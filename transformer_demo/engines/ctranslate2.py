"""CTranslate2Engine: a checkpoint's CTranslate2 export behind the Engine interface (translate only).

It gives the same outputs and scores as our PyTorch decoding where the two searches mean the same thing,
and says which requests it cannot take (`unsupported`), so that the caller hands those to the torch engine:
  - greedy: the same argmax at every step, the same length cap (decoding.length_cap, per batch of
    sentences of similar length, as TorchEngine batches them), EOS allowed from the first step
    (min_decoding_length=0); the score is the summed log-probability of the tokens and [EOS], as ours.
  - beam search: both keep the beam_size best prefixes from the 2 * beam_size best candidates and return the
    summed log-probability. Under the "length" norm (config.LENGTH_NORMS: log-probability / length ** alpha,
    [EOS] counted, the same rule for when to stop), which models tuned with `tune --length-norm length` use,
    both give the same n-best lists for any penalty. The "gnmt" norm (((5 + length) / 6) ** alpha, its own
    stopping rule) has no CTranslate2 counterpart: its requests go to torch, except the 1-best without a
    penalty, which is the same under both norms.
  - sampling goes to torch: its random draws come from torch's generator, so --seed reproduces them.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..checkpoint import Checkpoint
from ..decoding import DecodeOptions, Hypothesis, length_cap
from ..errors import DecodeError, ExportError
from ..export.ctranslate2 import require_ctranslate2
from ..inference import EngineResult
from ..tokenization import PAD_ID

COMPUTE_TYPES = ("float32", "int8")
BATCH_SIZE = 64


@dataclass(frozen=True)
class ThreadSettings:
    """CTranslate2's threads: intra = OpenMP threads per translation, inter = translations run at once."""

    intra: int = 1
    inter: int = 1


class CTranslate2Engine:
    name = "ctranslate2"
    capabilities = frozenset({"greedy", "beam"})

    def __init__(self, checkpoint: Checkpoint, folder: Path, compute_type: str = "float32",
                 threads: ThreadSettings = ThreadSettings()):
        if compute_type not in COMPUTE_TYPES:
            raise ExportError(f"compute type must be one of {', '.join(COMPUTE_TYPES)}, got {compute_type!r}")
        ctranslate2 = require_ctranslate2()
        self.checkpoint, self.folder, self.compute_type = checkpoint, Path(folder), compute_type
        self.vocab, self.max_len = checkpoint.vocab, checkpoint.run.model.max_len
        self.translator = ctranslate2.Translator(
            str(folder), device="cpu", compute_type=compute_type, intra_threads=threads.intra,
            inter_threads=threads.inter,
        )
        self.tgt_ids = self.vocab.tgt.get_vocab()

    def unsupported(self, options: DecodeOptions) -> str | None:
        """Why this engine would not decode as ours does with these options (None: it would)."""
        if options.method == "sample":
            return "sampling draws from torch's random generator (so that a seed reproduces it)"
        if options.method == "beam" and options.length_penalty != 0 and options.length_norm != "length":
            return ("a beam length penalty of the gnmt form, / ((5 + length) / 6)^a, which CTranslate2 has no "
                    "setting for (it divides by length^a: `tune --length-norm length` makes a model use that form)")
        if options.method == "beam" and options.n_best > 1 and options.length_norm != "length":
            return ("an n-best list under the gnmt norm, whose beam search stops by a rule CTranslate2 does not have "
                    "(`tune --length-norm length` makes a model use CTranslate2's)")
        if not options.use_cache:
            return "decoding without the key/value cache (a torch benchmark mode)"
        return None

    def decode_ids(self, src_ids: list[list[int]], options: DecodeOptions) -> list[list[Hypothesis]]:
        """One batch of encoded sources (our source rule applied) -> the n-best hypotheses of each, as decode()
        gives them."""
        sources = [[self.vocab.src.id_to_token(i) for i in ids] for ids in src_ids]
        penalty = options.length_penalty if options.method == "beam" and options.length_norm == "length" else 0.0
        cap = length_cap(self.max_len, [len(s) for s in src_ids], options)
        beam = options.method == "beam"
        results = self.translator.translate_batch(
            sources, beam_size=options.beam_size if beam else 1, length_penalty=penalty,
            num_hypotheses=options.n_best if beam else 1, min_decoding_length=0, max_decoding_length=cap,
            max_input_length=0, return_scores=True,
        )
        return [[self.hypothesis(tokens, score, cap, penalty, beam) for tokens, score in zip(r.hypotheses, r.scores)]
                for r in results]

    def hypothesis(self, tokens: list[str], score: float, cap: int, penalty: float, beam: bool) -> Hypothesis:
        """One of CTranslate2's outputs as ours: our greedy search drops [PAD] from its outputs (it pads finished
        rows). The score is the total log-probability, [EOS] included (equal to ours, tested), divided by
        length ** penalty (its tokens, and [EOS] unless it ran into the cap): multiplied back for the
        log-probability."""
        ids = [self.tgt_ids[t] for t in tokens]
        if not beam:
            ids = [i for i in ids if i != PAD_ID]
        length = len(ids) + (len(ids) < cap)
        return Hypothesis(ids, score, score * length**penalty, length)

    def hypotheses(self, texts: list[str], options: DecodeOptions) -> list[list[Hypothesis]]:
        """The hypotheses per text, best first, in input order, decoded in batches of similar length (as
        TorchEngine)."""
        reason = self.unsupported(options.validate())
        if reason:
            raise DecodeError(reason)
        src_ids = [self.vocab.source_ids(text, self.max_len) for text in texts]
        order = sorted(range(len(src_ids)), key=lambda i: len(src_ids[i]))
        results: list[list[Hypothesis]] = [[] for _ in src_ids]
        for start in range(0, len(order), BATCH_SIZE):
            chunk = order[start : start + BATCH_SIZE]
            for i, hyps in zip(chunk, self.decode_ids([src_ids[i] for i in chunk], options)):
                results[i] = hyps
        return results

    def translate(self, texts: list[str], options: DecodeOptions) -> list[EngineResult]:
        return [
            EngineResult(
                [(self.vocab.decode_tgt(h.ids), h.score) for h in hyps], [(h.log_prob, h.n_tokens) for h in hyps],
                [list(h.ids) for h in hyps],
            )
            for hyps in self.hypotheses(texts, options)
        ]
