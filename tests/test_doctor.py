"""doctor --spaces: the repository passes; constructed trees the Hub would refuse or a Space would build badly fail."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from transformer_demo.doctor import check_space, matches

REPO = Path(__file__).resolve().parents[1]
FRONT_MATTER = "---\ntitle: T\nsdk: gradio\nsdk_version: 6.31.0\napp_file: app.py\n---\n# T\n"
REQUIREMENTS = "torch==2.13.0\ngradio==6.31.0  # the app\n"


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """A minimal Space that passes every check."""
    (tmp_path / "README.md").write_text(FRONT_MATTER)
    (tmp_path / "requirements.txt").write_text(REQUIREMENTS)
    (tmp_path / "app.py").write_text("print('hi')\n")
    shutil.copy(REPO / ".gitattributes", tmp_path / ".gitattributes")
    return tmp_path


def run_doctor(root: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "transformer_demo", "doctor", "--spaces", "--root", str(root)],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=False,
    )


@pytest.mark.slow
def test_the_repository_is_ready_for_a_space_and_a_bad_tree_exits_1(tree):
    result = run_doctor(REPO)
    assert result.returncode == 0, result.stderr
    assert "ready for a Hugging Face Space" in result.stdout
    (tree / "app.py").unlink()
    result = run_doctor(tree)
    assert result.returncode == 1
    assert result.stderr.splitlines() == [
        "1 problem for a Hugging Face Space:",
        "- README front matter: app_file 'app.py' does not exist",
    ]


def test_a_clean_tree_passes(tree):
    assert check_space(tree, env={}) == []


def test_a_large_file_outside_lfs_is_listed(tree):
    (tree / "weights.dat").write_bytes(b"x" * (11 * 2**20))
    (tree / "checkpoints").mkdir()
    (tree / "checkpoints" / "model.safetensors").write_bytes(b"\0" * (11 * 2**20))  # LFS: fine
    problems = check_space(tree, env={})
    assert len(problems) == 1 and problems[0].startswith("weights.dat is 11.0 MB and not stored through LFS")


def test_without_gitattributes_weights_and_images_are_refused(tree):
    (tree / ".gitattributes").unlink()
    (tree / "model.safetensors").write_bytes(b"\0" * 100)
    (tree / "shot.png").write_bytes(b"\x89PNG\r\n\x1a\n\0\0")
    problems = "\n".join(check_space(tree, env={}))
    assert "model.safetensors is a binary file not stored through LFS" in problems
    assert "shot.png is a binary file" in problems


def test_front_matter_must_match_the_pinned_gradio_and_name_an_existing_app_file(tree):
    (tree / "README.md").write_text(FRONT_MATTER.replace("6.31.0", "5.0.0").replace("app.py", "main.py"))
    problems = check_space(tree, env={})
    assert any("sdk_version '5.0.0' differs from gradio==6.31.0" in p for p in problems)
    assert any("app_file 'main.py' does not exist" in p for p in problems)
    (tree / "README.md").write_text("# no front matter\n")
    assert any("no app_file" in p for p in check_space(tree, env={}))


@pytest.mark.parametrize(
    "line, expected",
    [
        ("torch", "an unpinned torch pulls the newest CUDA build"),
        ("torch>=2.0", "not pinned"),
        ("torch==2.13.0+cu128", "GPU build that is not on PyPI"),
        ("-e .", "local path"),
        ("./wheels/mylib-1.0-py3-none-any.whl", "local path"),
        ("flash-attn==2.8.0", "needs CUDA"),
    ],
)
def test_requirements_that_cannot_install_on_a_cpu_space(tree, line, expected):
    (tree / "requirements.txt").write_text(REQUIREMENTS + line + "\n")
    problems = check_space(tree, env={})
    assert len(problems) == 1 and problems[0].startswith("requirements.txt line 3:") and expected in problems[0]


def test_runtime_writes_outside_the_app_temp_and_home_folders(tree):
    env = {"HOME": str(tree), "TRANSFORMER_DEMO_RUNS_DIR": "/opt/runs", "HF_HUB_CACHE": "/data/hub",
           "TRANSFORMER_DEMO_CACHE": "/var/ct2"}
    problems = check_space(tree, env=env)
    assert len(problems) == 2 and "TRANSFORMER_DEMO_RUNS_DIR" in problems[0] and "/opt/runs" in problems[0]
    assert "TRANSFORMER_DEMO_CACHE (CTranslate2 exports) is /var/ct2" in problems[1]
    assert check_space(tree, env={"HOME": str(tree), "TRANSFORMER_DEMO_RUNS_DIR": "runs-here"}) == []


def test_gitattributes_patterns_match_like_git():
    assert matches("*.safetensors", "checkpoints/a/model.safetensors")
    assert matches("saved_model/**/*", "saved_model/x/y.pb")
    assert not matches("*.png", "docs/png.txt")


def test_the_documented_upload_sends_the_app_and_leaves_out_local_runs():
    """docs/SPACES.md's `hf upload` line, filtered as huggingface_hub's upload_folder filters files."""
    import shlex

    from huggingface_hub.utils import filter_repo_objects

    from transformer_demo.doctor import pushed_files

    line = next(x for x in (REPO / "docs" / "SPACES.md").read_text().splitlines() if x.startswith("hf upload "))
    words = shlex.split(line)
    assert words[2:5] == ["OWNER/transformer-demo", ".", "."] and words[words.index("--repo-type") + 1] == "space"
    excluded = [words[i + 1] for i, word in enumerate(words) if word == "--exclude"]
    files = ["runs/20261123-copy/model.safetensors", "transformer_demo/__pycache__/cli.cpython-311.pyc"]
    files += [p.relative_to(REPO).as_posix() for p in pushed_files(REPO)]
    sent = set(filter_repo_objects(files, ignore_patterns=excluded))
    assert {
        "app.py",
        "requirements.txt",
        "README.md",
        ".gitattributes",
        "checkpoints/multi30k-en-de/model.safetensors",
    } <= sent
    assert not any(f.startswith("runs/") or "__pycache__" in f for f in sent)
