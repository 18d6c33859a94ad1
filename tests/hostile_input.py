"""Text that a public demo gets sooner or later, shared by the app's and the command line's reliability tests."""
from __future__ import annotations

HOSTILE = {
    "10k-characters": ("A man is riding a bike. " * 420)[:10_000],
    "control-and-nul": "A man\x00 is\x01 riding\x1b[31m a\x7f bike.\r",
    "emoji": "A 🐕 rides a 🚲 👍🏽👨‍👩‍👧",
    "right-to-left": "رجل يركب دراجة. איש רוכב על אופניים.",
    "cjk": "一个男人在骑自行车。男が自転車に乗っている。",
    "500-repeats": " ".join(["dog"] * 500),
    "html": '<script>alert("x")</script><img src=x onerror=alert(1)> | **bold** |',
}
EMPTY = {"empty": "", "whitespace": " \t\n\u3000\n "}
