"""The app's memory: start `python app.py` (engine auto: CTranslate2 int8), translate once (greedy) with each
shipped model through /translate, and print the app process's VmRSS and VmHWM (MiB) after each.

    python scripts/app_rss.py            # exports cached under $TRANSFORMER_DEMO_CACHE (run twice: the first exports)
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from transformer_demo.bench.app_latency import BENCH_LIMITS, connect  # noqa: E402
from transformer_demo.serving.hosting import free_port  # noqa: E402

QUESTIONS = {"multi30k-en-de": "A dog runs in the park.", "multi30k-en-fr": "A dog runs in the park.",
             "math-qa": "What is 12 times 7?"}


def memory_mib(pid: int) -> dict[str, float]:
    fields = dict(line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines())
    return {key: round(int(fields[key].split()[0]) / 1024, 1) for key in ("VmRSS", "VmHWM")}


def main() -> None:
    port = free_port()
    log = Path("/tmp/app_rss.log")
    command = [sys.executable, "app.py", "--host", "127.0.0.1", "--port", str(port), "--device", "cpu", *BENCH_LIMITS]
    with log.open("w") as out:
        app = subprocess.Popen(command, cwd=REPO, stdout=out, stderr=subprocess.STDOUT)
    try:
        client = connect(f"http://127.0.0.1:{port}/", app, log)
        print("started", memory_mib(app.pid))
        for model, text in QUESTIONS.items():
            answer, info, _ = client.predict(text, model, "greedy", api_name="/translate")
            print(model, repr(answer), "ctranslate2" in info, memory_mib(app.pid))
    finally:
        app.terminate()
        try:
            app.wait(30)
        except subprocess.TimeoutExpired:
            app.kill()


if __name__ == "__main__":
    main()
