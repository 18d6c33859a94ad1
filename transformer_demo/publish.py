"""A checkpoint folder as a Hub model repo: its model card and the commit that uploads it.

    python -m transformer_demo publish --checkpoint checkpoints/multi30k-en-de --repo me/multi30k-en-de

The repo gets config.json, model.safetensors, tokenizer.json, metrics.json, train_log.jsonl and README.md: the
folder's MODEL_CARD.md under Hub metadata (language, license, datasets, pipeline tag, and model-index results
with the BLEU/chrF or exact-match figures of metrics.json), as huggingface_hub's ModelCardData writes it.
Without a token (HF_TOKEN or `hf auth login`), or with --dry-run, nothing is sent: the commit's operations
(huggingface_hub CommitOperationAdd objects, with each file's size and sha256) are printed instead.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from huggingface_hub import CommitOperationAdd, EvalResult, HfApi, ModelCard, ModelCardData

from .checkpoint import load_checkpoint
from .hub import CHECKPOINT_FILES
from .tasks import traits_of

UPLOADED = [*CHECKPOINT_FILES, "train_log.jsonl"]
# A hint in a split or data path -> the Hub dataset the model was trained and scored on.
DATASETS = {
    "multi30k": "bentrevett/multi30k",
    "flickr": "bentrevett/multi30k",
    "mscoco": "bentrevett/multi30k",
    "tatoeba": "Helsinki-NLP/tatoeba_mt",
}
METRICS = {
    "bleu": "BLEU (sacreBLEU, cased)",
    "bleu_lowercase": "BLEU (sacreBLEU, lowercased)",
    "chrf": "chrF",
    "exact_match": "exact match (%)",
}
LICENSE = "other"  # Multi30k/Flickr30k are research data with their own terms; the model card says which


@dataclass(frozen=True)
class Publication:
    repo_id: str
    card: ModelCard
    operations: list[CommitOperationAdd]

    def describe(self) -> str:
        """The commit, one line per file, as the dry run prints it."""
        lines = [f"commit to https://huggingface.co/{self.repo_id} ({len(self.operations)} files):"]
        for op in self.operations:
            lines.append(
                f"  add {op.path_in_repo:<20} {op.upload_info.size:>12,} bytes  "
                f"sha256 {op.upload_info.sha256.hex()[:16]}…"
            )
        return "\n".join(lines)


def datasets_of(hints: list[str]) -> list[str]:
    text = " ".join(hints).lower()
    return sorted({dataset for hint, dataset in DATASETS.items() if hint in text})


def whole_split_results(metrics: dict) -> dict[str, dict]:
    """metrics.json entries for whole splits: no --limit subsets ("first1000"), no tuning sweeps."""
    return {key: result for key, result in sorted(metrics.items())
            if isinstance(result, dict) and "first" not in key and "split" in result}


def eval_results(metrics: dict, task_type: str, default_dataset: str | None) -> list[EvalResult]:
    """model-index entries, each under the dataset its metrics key names (default: the training data's)."""
    results = []
    for key, result in whole_split_results(metrics).items():
        dataset = next(iter(datasets_of([key])), default_dataset)
        for metric, name in METRICS.items():
            value = result.get(metric)
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                results.append(
                    EvalResult(
                        task_type=task_type,
                        dataset_type=dataset or "generated",
                        dataset_name=f"{dataset or 'held-out'} {result['split']}",
                        dataset_split=result["split"],
                        metric_type=metric,
                        metric_value=value,
                        metric_name=f"{name}, {result.get('decoding', '')}".rstrip(", "),
                    )
                )
    return results


def model_card(folder: Path, repo_id: str) -> ModelCard:
    """README.md for the Hub: metadata from config.json and metrics.json, then the folder's MODEL_CARD.md."""
    checkpoint = load_checkpoint(folder)
    train = checkpoint.run.train
    task = traits_of(train.task)
    translation = task.between_languages
    languages = [train.src_lang, train.tgt_lang] if translation else ["en"]
    # The training data: its sources, else what it was scored on in whole (a --limit subset says nothing of it).
    hints = [str(source.get("path", "")) for source in train.sources] or list(whole_split_results(checkpoint.metrics))
    datasets = datasets_of(hints) if translation else []
    task_type = "translation" if translation else "text2text-generation"
    data = ModelCardData(
        language=list(dict.fromkeys(languages)),
        license=LICENSE,
        datasets=datasets or None,
        pipeline_tag=task_type,
        tags=["transformer-demo", "encoder-decoder", "from-scratch", "safetensors"],
        model_name=repo_id.split("/")[-1],
        eval_results=eval_results(checkpoint.metrics, task_type, datasets[0] if datasets else None) or None,
    )
    body_path = folder / "MODEL_CARD.md"
    body = body_path.read_text(encoding="utf-8") if body_path.is_file() else f"# {repo_id.split('/')[-1]}\n"
    example = task.usage_example
    usage = (
        "\n## Use it\n\nWith the `transformer_demo` package this model was trained with (it is not a 🤗 Transformers "
        f'model):\n\n```bash\npython -m transformer_demo translate --checkpoint hf://{repo_id} "{example}"\n```\n'
    )
    return ModelCard(f"---\n{data.to_yaml()}\n---\n\n{body.rstrip()}\n{usage}")


def prepare(folder: str | Path, repo_id: str) -> Publication:
    """The card and the commit operations for a checkpoint folder (checked to load first)."""
    from .hub import parse_hub_ref

    folder = Path(folder)
    repo_id = parse_hub_ref(repo_id).repo_id
    card = model_card(folder, repo_id)
    operations = [
        CommitOperationAdd(path_in_repo=name, path_or_fileobj=str(folder / name))
        for name in UPLOADED
        if (folder / name).is_file()
    ]
    operations.append(CommitOperationAdd(path_in_repo="README.md", path_or_fileobj=str(card).encode("utf-8")))
    return Publication(repo_id, card, operations)


def publish(publication: Publication, token: str, private: bool = False) -> str:
    """Create the repo if needed and commit every file in one commit; returns the commit's URL."""
    api = HfApi(token=token)
    api.create_repo(publication.repo_id, repo_type="model", private=private, exist_ok=True)
    info = api.create_commit(
        publication.repo_id, publication.operations, commit_message="Upload checkpoint from transformer-demo"
    )
    return info.commit_url
