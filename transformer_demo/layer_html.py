"""Small HTML pieces for the Layer by layer tab, from plain arrays: colour strips, heatmaps, tables with bars.

Numbers are drawn as pixels of a PNG (one pixel per value, stretched to the width of the page), and every
word or number that is read is HTML text, so it stays at 12 px on a phone however wide the matrix. Values
that can be negative use a blue-white-red scale centred on 0; weights and probabilities use viridis from 0.
Tokens are escaped; nothing here knows about torch.
"""
from __future__ import annotations

import base64
import html
import io
from collections.abc import Sequence

import numpy as np
from matplotlib import colormaps
from PIL import Image

SIGNED, WEIGHTS = colormaps["RdBu_r"], colormaps["viridis"]
STRIP_PX = 14  # the height of one row of values

CSS = """
.lv { font-size: 13px; line-height: 1.45; max-width: 960px; }
.lv h3 { margin: 0 0 4px; font-size: 16px; }
.lv p { margin: 4px 0; }
.lv code { font-size: 12px; }
.lv .lv-shape { opacity: 0.85; }
.lv .lv-scroll { overflow-x: auto; max-width: 100%; margin: 6px 0; }
.lv table { border-collapse: collapse; width: 100%; margin: 0; border: none !important; }
.lv table th, .lv table td { padding: 1px 4px !important; font-size: 12px; text-align: left; vertical-align: middle;
  border: none !important; line-height: 1.3; }
.lv table th { font-weight: 600; opacity: 0.8; white-space: nowrap; background: none; }
.lv table td.lv-tok { font-family: ui-monospace, monospace; white-space: nowrap; max-width: 7em; overflow: hidden;
  text-overflow: ellipsis; }
.lv table td.lv-num { font-variant-numeric: tabular-nums; white-space: nowrap; text-align: right; }
.lv table td.lv-wide { width: 60%; min-width: 80px; }
.lv table td.lv-half { width: 25%; min-width: 32px; }
.lv table td.lv-pair { width: 40%; min-width: 60px; }
.lv table tr.lv-chosen td { background: rgba(228, 87, 46, 0.15); font-weight: 600; }
.lv img.lv-px { display: block; width: 100%; image-rendering: pixelated; border-radius: 2px; margin: 0; }
.lv .lv-bar { height: 12px; background: #4c78a8; border-radius: 2px; min-width: 1px; }
.lv .lv-legend { font-size: 12px; opacity: 0.8; }
"""


def _png(rgba: np.ndarray) -> str:
    buffer = io.BytesIO()
    Image.fromarray((rgba * 255).round().astype(np.uint8), "RGBA").save(buffer, format="PNG")
    return "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode("ascii")


def scale_of(*arrays: np.ndarray) -> float:
    """The largest absolute value: a signed scale shared by several pictures."""
    return max(float(np.abs(np.asarray(a)).max(initial=0.0)) for a in arrays) or 1.0


def pixels(matrix: np.ndarray, limit: float | None = None, weights: bool = False, hidden: np.ndarray | None = None,
           row_px: int = STRIP_PX, title: str = "") -> str:
    """A (rows, cols) matrix as an image row_px high per row; hidden (same shape, bool) is drawn light grey."""
    matrix = np.atleast_2d(np.asarray(matrix, dtype=np.float64))
    if weights:
        rgba = WEIGHTS(np.clip(matrix / (limit or max(float(matrix.max(initial=0.0)), 1e-9)), 0.0, 1.0))
    else:
        limit = limit or scale_of(matrix)
        rgba = SIGNED(np.clip(matrix / limit / 2 + 0.5, 0.0, 1.0))
    if hidden is not None:
        rgba[np.atleast_2d(hidden)] = (0.85, 0.85, 0.85, 1.0)
    height = row_px * matrix.shape[0]
    return (f"<img class='lv-px' src='{_png(rgba)}' style='height:{height}px' alt='{html.escape(title, quote=True)}' "
            f"title='{html.escape(title, quote=True)}'>")


def token(text: str) -> str:
    return f"<td class='lv-tok'>{html.escape(text)}</td>"


def number(value: float, digits: int = 3) -> str:
    return f"<td class='lv-num'>{value:.{digits}f}</td>"


def cell(content: str, kind: str = "lv-wide") -> str:
    """A cell for a picture: most of the row's width (lv-wide), two fifths (lv-pair) or a quarter (lv-half)."""
    return f"<td class='{kind}'>{content}</td>"


def bar(value: float, top: float = 1.0) -> str:
    return cell(f"<div class='lv-bar' style='width:{100 * max(value, 0.0) / (top or 1.0):.1f}%'></div>")


def table(header: Sequence[str], rows: Sequence[str], chosen: int | None = None) -> str:
    """rows: each the <td> cells of one row; the chosen row is highlighted."""
    head = "".join(f"<th>{html.escape(h)}</th>" for h in header)
    body = "".join(f"<tr{' class=lv-chosen' if i == chosen else ''}>{row}</tr>" for i, row in enumerate(rows))
    return f"<div class='lv-scroll'><table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>"


def strips(labels: Sequence[str], vectors: Sequence[np.ndarray], limit: float | None = None,
           notes: Sequence[str] | None = None, header: Sequence[str] = ("", "values", ""),
           with_legend: bool = True) -> str:
    """One labelled colour strip per vector (all on one scale), with an optional note after each."""
    limit = limit or scale_of(*vectors)
    notes = notes or [""] * len(vectors)
    rows = [f"<td>{html.escape(label)}</td>{cell(pixels(v, limit, title=label))}<td class='lv-num'>{html.escape(n)}"
            "</td>" for label, v, n in zip(labels, vectors, notes)]
    return table(header, rows) + (legend(limit) if with_legend else "")


def legend(limit: float) -> str:
    return f"<p class='lv-legend'>Colour: blue negative, white 0, red positive; full colour at ±{limit:.3g}.</p>"


def panel(title: str, shape: str, text: str, body: str) -> str:
    """One block: its title, shapes in and out, one or two sentences with the formula, then the numbers."""
    return (f"<div class='lv'><style>{CSS}</style><h3>{html.escape(title)}</h3><p class='lv-shape'>{shape}</p>"
            f"<p>{text}</p>{body}</div>")
