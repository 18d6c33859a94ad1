"""An interactive attention view (in the spirit of bertviz) as one HTML fragment: a pure function of arrays and tokens.

    html = attention_view([AttentionPanel("cross", "Cross-attention", weights, target_tokens, source_tokens), ...])

Two columns of tokens, the attended-to tokens (keys) on the left and the attending ones (queries) on the right,
joined by lines whose opacity is the attention weight. Point at (or tap) a token on the right to see where it looks,
on the left to see what looks at it; the strongest partner is outlined. Selectors choose the kind of attention, the
layer and the head (or the mean of the heads); every head of the layer is drawn as a small heatmap, and clicking
one selects it. The data travels as JSON in an attribute of the fragment and VIEW_JS draws it: as gr.HTML's js_on_load
in the app, or standalone_page() for a file. Tokens are only ever set as text, never as HTML.
"""

from __future__ import annotations

import html
import json
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

PER_MILLE = 1000  # weights travel as integers 0..1000: a third of the size of 3-decimal floats


@dataclass
class AttentionPanel:
    """One kind of attention: weights (layers, heads, queries, keys), rows summing to 1."""

    kind: str  # "cross", "encoder_self", "decoder_self"
    title: str
    weights: np.ndarray
    queries: Sequence[str]  # the attending tokens (right column)
    keys: Sequence[str]  # the attended-to tokens (left column)
    query_title: str = "looks (query)"
    key_title: str = "is looked at (key)"


def _payload(maps: AttentionPanel) -> dict:
    weights = np.asarray(maps.weights, dtype=np.float64)
    if weights.ndim != 4 or weights.shape[2:] != (len(maps.queries), len(maps.keys)):
        raise ValueError(
            f"{maps.kind}: weights of shape {weights.shape} do not fit "
            f"{len(maps.queries)} queries x {len(maps.keys)} keys"
        )
    return {
        "kind": maps.kind,
        "title": maps.title,
        "queries": list(maps.queries),
        "keys": list(maps.keys),
        "query_title": maps.query_title,
        "key_title": maps.key_title,
        "weights": np.rint(np.clip(weights, 0.0, 1.0) * PER_MILLE).astype(int).tolist(),
    }


def attention_view(maps: Sequence[AttentionPanel], kind: str | None = None, layer: int | None = None) -> str:
    """The view's HTML: data, controls and an empty drawing area that VIEW_JS fills.

    kind and layer (1-based) choose what shows first: by default the first kind and its last layer, mean of the heads.
    """
    data = [_payload(m) for m in maps]
    if not data:
        return "<div class='attn-view attn-empty'>No attention to show.</div>"
    first = next((i for i, d in enumerate(data) if d["kind"] == kind), 0)
    n_layers = len(data[first]["weights"])
    start = {"kind": first, "layer": min(max(layer or n_layers, 1), n_layers) - 1, "head": -1}
    payload = html.escape(json.dumps({"maps": data, "start": start}, ensure_ascii=False), quote=True)
    titles = "".join(f"<option value='{i}'>{html.escape(d['title'])}</option>" for i, d in enumerate(data))
    return f"""<div class="attn-view" data-attn="{payload}">
<style>{VIEW_CSS}</style>
<div class="attn-controls">
  <label>Attention <select class="attn-kind" aria-label="Kind of attention">{titles}</select></label>
  <label>Layer <select class="attn-layer" aria-label="Layer"></select></label>
  <label>Head <select class="attn-head" aria-label="Head"></select></label>
</div>
<p class="attn-hint">Point at a token (tap on a phone): on the right, where it looks; on the left, what looks at it.
The strongest link is outlined. Click a small map below to choose its head.</p>
<div class="attn-columns">
  <div class="attn-col-title attn-key-title"></div><div></div><div class="attn-col-title attn-query-title"></div>
  <div class="attn-col attn-keys" role="list"></div>
  <svg class="attn-lines" preserveAspectRatio="none" aria-hidden="true"></svg>
  <div class="attn-col attn-queries" role="list"></div>
</div>
<div class="attn-heads"></div>
</div>"""


def standalone_page(fragment: str, title: str = "Attention") -> str:
    """A whole HTML page that shows the fragment without Gradio (for a file, or a browser test)."""
    return (
        f"<!doctype html><html><head><meta charset='utf-8'><meta name='viewport' content='width=device-width'>"
        f"<title>{html.escape(title)}</title></head><body>{fragment}"
        f"<script>(function (element, watch) {{ {VIEW_JS} }})(document.body, function () {{}});</script></body></html>"
    )


ROW_PX = 20  # one token row; both columns and the lines between them use it

VIEW_CSS = f"""
.attn-view {{ font-family: ui-sans-serif, system-ui, sans-serif; font-size: 13px; max-width: 100%; }}
.attn-controls {{ display: flex; flex-wrap: wrap; gap: 6px 14px; margin-bottom: 4px; }}
.attn-controls label {{ display: inline-flex; align-items: center; gap: 4px; }}
.attn-controls select {{ min-width: 64px; max-width: 210px; padding: 2px 26px 2px 6px; font-size: 13px; }}
.attn-hint {{ margin: 2px 0 8px; opacity: 0.75; font-size: 12px; }}
.attn-columns {{ display: grid; grid-template-columns: minmax(0, 1fr) minmax(48px, 1.3fr) minmax(0, 1fr); }}
.attn-col-title {{ font-size: 11px; opacity: 0.7; padding: 0 4px 4px; }}
.attn-key-title {{ text-align: right; }}
.attn-col {{ display: flex; flex-direction: column; min-width: 0; }}
.attn-tok {{ height: {ROW_PX}px; line-height: {ROW_PX}px; padding: 0 4px; white-space: nowrap; overflow: hidden;
  text-overflow: ellipsis; cursor: pointer; border-radius: 3px; box-sizing: border-box;
  font-family: ui-monospace, monospace; }}
.attn-keys .attn-tok {{ text-align: right; }}
.attn-tok.attn-active {{ outline: 2px solid #4c78a8; }}
.attn-tok.attn-top {{ outline: 2px solid #e4572e; font-weight: 600; }}
.attn-lines {{ width: 100%; display: block; }}
.attn-lines line {{ stroke: #4c78a8; vector-effect: non-scaling-stroke; }}
.attn-heads {{ display: flex; flex-wrap: wrap; gap: 8px; margin-top: 10px; }}
.attn-head-map {{ display: flex; flex-direction: column; align-items: center; font-size: 11px; cursor: pointer; }}
.attn-head-map canvas {{ width: 84px; height: 84px; image-rendering: pixelated; border: 2px solid transparent; }}
.attn-head-map.attn-chosen canvas {{ border-color: #e4572e; }}
"""

# Runs with `element` (the container) and `watch` (gr.HTML's: call back when the value changes) in scope.
VIEW_JS = """
const ROW = ROW_PX;
function setup(view) {
  const data = JSON.parse(view.dataset.attn);
  const $ = (sel) => view.querySelector(sel);
  const state = Object.assign({}, data.start, {focus: null});
  const options = (select, pairs, value) => {
    select.replaceChildren(...pairs.map(([label, v]) => new Option(label, String(v))));
    select.value = String(value);
  };
  const maps = () => data.maps[state.kind];
  const matrix = () => {  // (queries x keys) of the chosen layer and head, or the mean of the heads; 0..1
    const heads = maps().weights[state.layer];
    if (state.head >= 0) return heads[state.head].map((row) => row.map((w) => w / 1000));
    return heads[0].map((row, q) => row.map((_, k) => heads.reduce((s, h) => s + h[q][k], 0) / heads.length / 1000));
  };
  const column = (box, tokens, side) => box.replaceChildren(...tokens.map((token, i) => {
    const div = document.createElement('div');
    div.className = 'attn-tok';
    div.textContent = token;
    div.title = token;
    div.dataset.side = side;
    div.dataset.index = String(i);
    div.setAttribute('role', 'listitem');
    return div;
  }));
  function controls() {
    const m = maps();
    $('.attn-kind').value = String(state.kind);
    options($('.attn-layer'), m.weights.map((_, i) => [String(i + 1), i]), state.layer);
    const heads = m.weights[0].map((_, i) => [String(i + 1), i]);
    options($('.attn-head'), [['mean of the heads', -1]].concat(heads), state.head);
  }
  function draw() {
    const m = maps(), w = matrix(), svg = $('.attn-lines');
    const rows = Math.max(m.queries.length, m.keys.length);
    svg.setAttribute('viewBox', '0 0 100 ' + rows * ROW);
    svg.style.height = rows * ROW + 'px';
    const f = state.focus;
    const lines = [];
    w.forEach((row, q) => row.forEach((weight, k) => {
      const shown = !f || (f.side === 'q' ? f.index === q : f.index === k);
      if (!shown || weight < 0.02) return;
      const line = document.createElementNS('http://www.w3.org/2000/svg', 'line');
      line.setAttribute('x1', '0'); line.setAttribute('y1', String((k + 0.5) * ROW));
      line.setAttribute('x2', '100'); line.setAttribute('y2', String((q + 0.5) * ROW));
      line.setAttribute('stroke-opacity', String(f ? weight : weight * 0.6));
      line.setAttribute('stroke-width', String(f ? 1 + 3 * weight : 1));
      lines.push(line);
    }));
    svg.replaceChildren(...lines);
    const keys = $('.attn-keys').children, queries = $('.attn-queries').children;
    for (const el of [...keys, ...queries]) {
      el.classList.remove('attn-active', 'attn-top');
      el.style.background = '';
    }
    if (f) {
      const weights = f.side === 'q' ? w[f.index] : w.map((row) => row[f.index]);
      const others = f.side === 'q' ? keys : queries;
      const top = weights.indexOf(Math.max(...weights));
      weights.forEach((weight, i) => {
        others[i].style.background = 'rgba(76, 120, 168, ' + Math.min(1, weight * 1.5) + ')';
      });
      others[top].classList.add('attn-top');
      (f.side === 'q' ? queries : keys)[f.index].classList.add('attn-active');
    }
    heads();
  }
  function heads() {
    const m = maps(), box = $('.attn-heads');
    box.replaceChildren(...m.weights[state.layer].map((head, h) => {
      const figure = document.createElement('div');
      figure.className = 'attn-head-map' + (h === state.head ? ' attn-chosen' : '');
      figure.dataset.head = String(h);
      const canvas = document.createElement('canvas');
      canvas.width = m.keys.length; canvas.height = m.queries.length;
      const ctx = canvas.getContext('2d');
      head.forEach((row, q) => row.forEach((weight, k) => {
        ctx.fillStyle = 'rgba(76, 120, 168, ' + weight / 1000 + ')';
        ctx.fillRect(k, q, 1, 1);
      }));
      const label = document.createElement('span');
      label.textContent = 'head ' + (h + 1);
      figure.append(canvas, label);
      return figure;
    }));
  }
  function rebuild() {
    controls();
    $('.attn-key-title').textContent = maps().key_title;
    $('.attn-query-title').textContent = maps().query_title;
    column($('.attn-keys'), maps().keys, 'k');
    column($('.attn-queries'), maps().queries, 'q');
    state.focus = null;
    draw();
  }
  const token = (event) => event.target.closest('.attn-tok');
  view.addEventListener('mouseover', (event) => {
    const t = token(event);
    if (t && !state.pinned) { state.focus = {side: t.dataset.side, index: Number(t.dataset.index)}; draw(); }
  });
  view.addEventListener('mouseleave', () => { if (!state.pinned) { state.focus = null; draw(); } });
  view.addEventListener('click', (event) => {
    const t = token(event), map = event.target.closest('.attn-head-map');
    if (t) {  // a tap (or click) pins the token; tapping it again lets go
      const focus = {side: t.dataset.side, index: Number(t.dataset.index)};
      const same = state.pinned && state.focus && state.focus.side === focus.side && state.focus.index === focus.index;
      state.pinned = !same; state.focus = same ? null : focus; draw();
    } else if (map) {
      state.head = Number(map.dataset.head); controls(); draw();
    }
  });
  $('.attn-kind').addEventListener('change', (e) => {
    state.kind = Number(e.target.value);
    Object.assign(state, {layer: maps().weights.length - 1, head: -1, pinned: false});
    rebuild();
  });
  $('.attn-layer').addEventListener('change', (e) => { state.layer = Number(e.target.value); draw(); });
  $('.attn-head').addEventListener('change', (e) => { state.head = Number(e.target.value); draw(); });
  rebuild();
  view.dataset.ready = 'true';
}
function render() { element.querySelectorAll('.attn-view[data-attn]:not([data-ready])').forEach(setup); }
render();
watch('value', () => requestAnimationFrame(render));
""".replace("ROW_PX", str(ROW_PX))
