"""python -m transformer_demo doctor --spaces: would this folder build and run as a Hugging Face Space?

Checks what the Hub refuses or what breaks a Space build, and returns one plain sentence per problem:
a file over 10 MB (or a binary file) that .gitattributes does not send through Git LFS, README front matter
whose sdk_version differs from the gradio pinned in requirements.txt or whose app_file is missing, a
requirement that cannot install on a CPU Space, and a path the app writes to at runtime outside the
working folder, the temp folder, the home folder (the Hub cache) and /data (persistent storage).
"""

from __future__ import annotations

import fnmatch
import os
import re
import subprocess
import tempfile
from collections.abc import Mapping
from pathlib import Path

from huggingface_hub.repocard import metadata_load

from .serving.hosting import RUNS_DIR_ENV

LFS_LIMIT_BYTES = 10 * 2**20  # the Hub refuses larger files outside LFS
PERSISTENT_STORAGE = Path("/data")  # a Space's persistent storage, when bought
CUDA_ONLY = ("flash-attn", "flash_attn", "nvidia-")  # wheels that need a CUDA toolkit or GPU to install
PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)(\[[^\]]*\])?\s*==\s*([^\s;#]+)")


def pushed_files(root: Path) -> list[Path]:
    """The files a push would send: git's tracked and unignored files, or every file outside .git."""
    try:
        listing = subprocess.run(
            ["git", "-C", str(root), "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
            capture_output=True,
            check=True,
            text=True,
        ).stdout
        inside = subprocess.run(
            ["git", "-C", str(root), "rev-parse", "--show-prefix"], capture_output=True, check=True, text=True
        ).stdout.strip()
        if inside == "":  # root is the top of a work tree (not a folder inside another repository)
            return sorted({root / name for name in listing.split("\0") if name and (root / name).is_file()})
    except (OSError, subprocess.CalledProcessError):
        pass
    return sorted(p for p in root.rglob("*") if p.is_file() and ".git" not in p.relative_to(root).parts)


def lfs_patterns(root: Path) -> list[str]:
    path = root / ".gitattributes"
    if not path.is_file():
        return []
    patterns = []
    for line in path.read_text(encoding="utf-8").splitlines():
        parts = line.split()
        if len(parts) > 1 and not parts[0].startswith("#") and "filter=lfs" in parts[1:]:
            patterns.append(parts[0])
    return patterns


def matches(pattern: str, relative: str) -> bool:
    """gitattributes matching, enough for the Hub's patterns: no slash = the file name, else the whole path."""
    if "/" not in pattern.rstrip("/"):
        return fnmatch.fnmatchcase(relative.rsplit("/", 1)[-1], pattern)
    return fnmatch.fnmatchcase(relative, pattern.lstrip("/").replace("**/", "*"))


def is_binary(path: Path) -> bool:
    with open(path, "rb") as handle:
        return b"\0" in handle.read(8192)


def check_files(root: Path) -> list[str]:
    patterns = lfs_patterns(root)
    problems = []
    for path in pushed_files(root):
        relative = path.relative_to(root).as_posix()
        if any(matches(p, relative) for p in patterns):
            continue
        size = path.stat().st_size
        if size > LFS_LIMIT_BYTES:
            problems.append(
                f"{relative} is {size / 2**20:.1f} MB and not stored through LFS: the Hub refuses files over "
                "10 MB outside LFS (add a pattern to .gitattributes)"
            )
        elif is_binary(path):
            problems.append(
                f"{relative} is a binary file not stored through LFS: Spaces refuse binary files outside "
                "LFS (add a pattern to .gitattributes)"
            )
    return problems


def pinned_versions(requirements: Path) -> dict[str, str]:
    pins = {}
    for line in requirements.read_text(encoding="utf-8").splitlines():
        match = PIN.match(line.strip())
        if match:
            pins[match.group(1).lower().replace("_", "-")] = match.group(3)
    return pins


def check_front_matter(root: Path) -> list[str]:
    readme = root / "README.md"
    if not readme.is_file():
        return ["README.md is missing: a Space reads its settings (sdk, sdk_version, app_file) from its front matter"]
    meta = metadata_load(readme) or {}
    problems = []
    if meta.get("sdk") != "gradio":
        problems.append(f"README front matter: sdk is {meta.get('sdk')!r}, this app needs 'gradio'")
    app_file = meta.get("app_file")
    if not app_file:
        problems.append("README front matter has no app_file (the Space would not know what to run)")
    elif not (root / str(app_file)).is_file():
        problems.append(f"README front matter: app_file {app_file!r} does not exist")
    requirements = root / "requirements.txt"
    pinned = pinned_versions(requirements).get("gradio") if requirements.is_file() else None
    if pinned is None:
        problems.append(
            "requirements.txt does not pin gradio (gradio==X.Y.Z), so sdk_version cannot be checked against it"
        )
    elif str(meta.get("sdk_version")) != pinned:
        problems.append(
            f"README front matter: sdk_version {meta.get('sdk_version')!r} differs from gradio=={pinned} in "
            "requirements.txt (the Space would run another gradio than the one tested)"
        )
    return problems


def requirement_problem(line: str) -> str | None:
    """Why this requirements.txt line cannot install (reproducibly) on a CPU Space, or None."""
    spec = line.split("#", 1)[0].strip()
    if not spec or spec.startswith(("-r ", "--requirement", "-c ")):
        return None
    if spec.startswith(("-e", "--editable", ".", "/", "~", "file:")) or re.match(r"^[A-Za-z]:\\", spec):
        return f"{spec!r} is a local path: the Space builds from the files pushed and has no such folder"
    if spec.startswith("-"):
        return None  # an option such as --extra-index-url
    name = re.split(r"[\s\[<>=!~;@]", spec, maxsplit=1)[0].lower().replace("_", "-")
    if name.startswith(CUDA_ONLY):
        return f"{spec!r} needs CUDA to build or install; a CPU Space has none"
    match = PIN.match(spec)
    if "@" in spec and not match:
        return None  # a URL requirement (git+https://...) pins itself
    if not match:
        extra = (
            " (an unpinned torch pulls the newest CUDA build, gigabytes a CPU Space does not need)"
            if name == "torch"
            else ""
        )
        return f"{spec!r} is not pinned with =={extra}: the Space would install whatever is newest"
    if "+cu" in match.group(3) or "+rocm" in match.group(3):
        return f"{spec!r} is a GPU build that is not on PyPI: pip on a Space cannot find it"
    return None


def check_requirements(root: Path) -> list[str]:
    path = root / "requirements.txt"
    if not path.is_file():
        return ["requirements.txt is missing: the Space would not install torch and the rest"]
    problems = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        problem = requirement_problem(line)
        if problem:
            problems.append(f"requirements.txt line {number}: {problem}")
    return problems


def write_locations(root: Path, env: Mapping[str, str]) -> dict[str, Path]:
    """Where the app writes at runtime, by what configures each place."""
    home = Path(env.get("HOME", str(Path.home())))
    hf_home = Path(env.get("HF_HOME", home / ".cache" / "huggingface"))
    return {
        f"${RUNS_DIR_ENV} (models trained in the Train tab)": Path(env.get(RUNS_DIR_ENV, root / "runs")),
        "$HF_HUB_CACHE (Hub models)": Path(env.get("HF_HUB_CACHE", hf_home / "hub")),
        "$TRANSFORMER_DEMO_CACHE (CTranslate2 exports)": Path(
            env.get("TRANSFORMER_DEMO_CACHE", home / ".cache" / "transformer-demo")
        ),
        "$GRADIO_TEMP_DIR (Gradio's files)": Path(env.get("GRADIO_TEMP_DIR", Path(tempfile.gettempdir()) / "gradio")),
        "$MPLCONFIGDIR (matplotlib's cache)": Path(env.get("MPLCONFIGDIR", home / ".config" / "matplotlib")),
    }


def check_writes(root: Path, env: Mapping[str, str]) -> list[str]:
    home = Path(env.get("HOME", str(Path.home())))
    allowed = [root, Path(tempfile.gettempdir()), home, PERSISTENT_STORAGE]
    problems = []
    for what, path in write_locations(root, env).items():
        resolved = (root / path).resolve() if not path.is_absolute() else path.resolve()
        if not any(resolved.is_relative_to(place.resolve()) for place in allowed):
            problems.append(
                f"{what} is {resolved}: outside the app folder, {tempfile.gettempdir()}, the home folder "
                f"and {PERSISTENT_STORAGE}, where a Space cannot write"
            )
    return problems


def check_space(root: str | Path, env: Mapping[str, str] | None = None) -> list[str]:
    """Every problem that would make the Hub refuse the folder or the Space build or run badly."""
    root = Path(root).resolve()
    env = os.environ if env is None else env
    return check_files(root) + check_front_matter(root) + check_requirements(root) + check_writes(root, env)
