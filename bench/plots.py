"""The plots of bench/report.py (matplotlib's Agg backend, imported only
when a plot is drawn). Each draw function takes the plot's data, the PNG's
path and the data's digest, which goes into the PNG's "Description" text
chunk: bench/report.py --check reads it back instead of drawing."""

import hashlib
import json

# Part of every digest: a change to how plots are drawn redraws them all.
VERSION = "1"

# Dense tensor-core peaks, TFLOP/s (TOPS for int8), by GPU and operand kind,
# from NVIDIA's data sheets (H100 SXM5 and H200 share the SM count and
# clocks; without sparsity). "f32" is the FMA pipe's (no tensor cores).
PEAKS = {
    "NVIDIA H100 80GB HBM3": {"16-bit": 989.4, "tf32": 494.7, "8-bit": 1978.9, "f32": 66.9},
    "NVIDIA H200": {"16-bit": 989.4, "tf32": 494.7, "8-bit": 1978.9, "f32": 66.9},
    "NVIDIA H100 PCIe": {"16-bit": 756.0, "tf32": 378.0, "8-bit": 1513.0, "f32": 51.2},
}


def digest(name, data):
    text = json.dumps([VERSION, name, data], sort_keys=True, separators=(",", ":"))
    return "data sha1 " + hashlib.sha1(text.encode()).hexdigest()


def _pyplot():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    plt.rcParams.update({"font.size": 8, "axes.grid": True,
                         "grid.alpha": 0.3})
    return plt


def _save(fig, path, text):
    fig.tight_layout()
    fig.savefig(path, dpi=110, metadata={"Software": None, "Description": text})


def ratio_bars(data, path, text):
    """Horizontal bars, one group per row: data = {"title", "xlabel",
    "series": [name, ...], "rows": [[label, value, value, ...], ...]}."""
    plt = _pyplot()
    rows, series = data["rows"], data["series"]
    height = 0.8 / len(series)
    fig, ax = plt.subplots(figsize=(7.5, 0.9 + 0.22 * len(rows) * max(1, len(series) / 1.5)))
    for s, name in enumerate(series):
        ys = [i + (s - (len(series) - 1) / 2) * height for i in range(len(rows))]
        vals = [r[1 + s] if r[1 + s] is not None else 0 for r in rows]
        ax.barh(ys, vals, height=height, label=name)
    ax.set_yticks(range(len(rows)))
    ax.set_yticklabels([r[0] for r in rows])
    ax.invert_yaxis()
    if data.get("line") is not None:
        ax.axvline(data["line"], color="black", linewidth=0.8)
    lo = min((v for r in rows for v in r[1:] if v is not None), default=0)
    hi = max((v for r in rows for v in r[1:] if v is not None), default=1)
    if data.get("zoom"):
        ax.set_xlim(max(0, lo - 0.05), hi + 0.05)
    ax.set_xlabel(data["xlabel"])
    ax.set_title(data["title"])
    ax.legend(loc="lower right")
    _save(fig, path, text)
    plt.close(fig)


def scatter_times(data, path, text):
    """Triton's time against ours, log-log, one point per kernel: data =
    {"title", "points": [[triton_ms, ours_ms], ...]}."""
    plt = _pyplot()
    pts = data["points"]
    fig, ax = plt.subplots(figsize=(5.5, 5.2))
    xs, ys = [p[0] * 1e3 for p in pts], [p[1] * 1e3 for p in pts]
    ax.scatter(xs, ys, s=6, alpha=0.6)
    lo, hi = min(xs + ys) * 0.8, max(xs + ys) * 1.25
    ax.plot([lo, hi], [lo, hi], color="black", linewidth=0.8, label="equal")
    ax.plot([lo, hi], [lo * 1.1, hi * 1.1], color="gray", linewidth=0.6, linestyle="--",
            label="ours 10% slower / faster")
    ax.plot([lo, hi], [lo / 1.1, hi / 1.1], color="gray", linewidth=0.6, linestyle="--")
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlim(lo, hi)
    ax.set_ylim(lo, hi)
    ax.set_xlabel("Triton 3.6, us")
    ax.set_ylabel("ours, us")
    ax.set_title(data["title"])
    ax.legend(loc="upper left")
    _save(fig, path, text)
    plt.close(fig)
