#!/usr/bin/env python3
"""The docs a reader opens, made from the results as data.

    python3 bench/report.py            write the docs and the plots
    python3 bench/report.py --check    exit 1 if a doc or plot is not what
                                       the records make (make check runs it)
    python3 bench/report.py [--results DIR] --print PART
                                       one part's Markdown, from DIR's records

Inputs: the records bench/results/<suite>.json (bench/results.py; each
measuring script writes its own) and the hand-written templates
bench/doc/<doc>.md. A template line `<!-- report: NAME -->` is replaced by
the part NAME renders from the records (a table, a plot, a summary).
Outputs: docs/benchmarks.md, docs/triton-tests.md, docs/fuzzing.md, the
plots docs/img/*.png (matplotlib, Debian's python3-matplotlib: run this
with /usr/bin/python3 where the default python3 has none), and the block
between `<!-- report: summary -->` and `<!-- /report -->` in README.md.

Each plot carries a digest of the data it shows (its PNG text chunk
"Description"): --check compares it with the records' without drawing, so
it runs where matplotlib is missing.
"""

import argparse
import json
import os
import re
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, ROOT)

from bench import plots  # noqa: E402
from bench import tables  # noqa: E402

RESULTS = os.path.join(HERE, "results")
TEMPLATES = os.path.join(HERE, "doc")
DOCS = os.path.join(ROOT, "docs")
IMG = os.path.join(DOCS, "img")
README = os.path.join(ROOT, "README.md")

# template -> doc
DOC_FILES = ("benchmarks.md", "triton-tests.md", "fuzzing.md")
MARKER = re.compile(r"^<!-- report: ([a-z0-9-]+) -->$")
BLOCK_END = "<!-- /report -->"


def load_records(directory):
    records = {}
    if os.path.isdir(directory):
        for name in sorted(os.listdir(directory)):
            if name.endswith(".json"):
                with open(os.path.join(directory, name)) as f:
                    record = json.load(f)
                records[record.get("suite", name[:-5])] = record
    return records


class Report:
    """Renders the parts; collects the plots they refer to."""

    def __init__(self, records):
        self.records = records
        self.plots = {}  # file name -> (draw function, data, digest)

    def plot(self, name, title, draw, data):
        """A Markdown image of docs/img/NAME; `draw(data, path, digest)`
        makes it."""
        digest = plots.digest(name, data)
        self.plots[name] = (draw, data, digest)
        return "![%s](img/%s)" % (title, name)

    def part(self, name, doc_dir="docs"):
        fn = getattr(tables, "part_" + name.replace("-", "_"), None)
        if fn is None:
            raise SystemExit("report: no part named %r" % name)
        try:
            text = fn(self)
        except (KeyError, TypeError, ValueError, ZeroDivisionError) as e:
            # A record that lacks a field or holds the wrong kind of value:
            # name the part and the fault rather than a traceback.
            raise SystemExit("report: part %r: a record under bench/results lacks or "
                             "mistypes a field (%s: %s)" % (name, type(e).__name__, e))
        if doc_dir != "docs":
            # A doc outside docs/ (the README): links relative to docs/.
            text = re.sub(r"\]\((?!https?:|#|/)([^)]+)\)",
                          lambda m: "](%s)" % os.path.normpath(os.path.join("docs", m.group(1))),
                          text)
        return text.rstrip("\n")


def render_template(report, path):
    lines = []
    with open(path) as f:
        for line in f.read().splitlines():
            m = MARKER.match(line.strip())
            lines.append(report.part(m.group(1)) if m else line)
    name = os.path.basename(path)
    head = ("<!-- Made by bench/report.py from bench/results/*.json and bench/doc/%s: "
            "edit those and rerun it, not this file. -->" % name)
    return head + "\n" + "\n".join(lines).rstrip("\n") + "\n"


def render_readme(report, text):
    """README.md with each `<!-- report: NAME -->` ... `<!-- /report -->`
    block made anew."""
    out, lines, i = [], text.splitlines(), 0
    while i < len(lines):
        m = MARKER.match(lines[i].strip())
        if not m:
            out.append(lines[i])
            i += 1
            continue
        end = next((j for j in range(i + 1, len(lines)) if lines[j].strip() == BLOCK_END), None)
        if end is None:
            raise SystemExit("report: README.md: %s has no %s" % (lines[i], BLOCK_END))
        out += [lines[i], report.part(m.group(1), doc_dir="."), BLOCK_END]
        i = end + 1
    return "\n".join(out) + "\n"


def png_description(path):
    """The "Description" text chunk of a PNG, or None."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError:
        return None
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        return None
    pos = 8
    while pos + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"tEXt":
            key, _, value = body.partition(b"\0")
            if key == b"Description":
                return value.decode("latin-1")
        if kind == b"IEND":
            break
        pos += 12 + length
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="compare instead of writing; exit 1 on a difference")
    parser.add_argument("--results", default=RESULTS,
                        help="the records' directory (default bench/results)")
    parser.add_argument("--print", metavar="PART", dest="part",
                        help="print one part's Markdown (a template marker's NAME) and exit")
    args = parser.parse_args()

    report = Report(load_records(args.results))
    if args.part:
        print(report.part(args.part))
        return 0
    outputs = {}
    for name in DOC_FILES:
        outputs[os.path.join(DOCS, name)] = render_template(report, os.path.join(TEMPLATES, name))
    with open(README) as f:
        outputs[README] = render_readme(report, f.read())

    stale = []
    for path, text in outputs.items():
        old = open(path).read() if os.path.exists(path) else None
        if old != text:
            stale.append(os.path.relpath(path, ROOT))
            if not args.check:
                with open(path, "w") as f:
                    f.write(text)
    for name, (draw, data, digest) in sorted(report.plots.items()):
        path = os.path.join(IMG, name)
        if png_description(path) == digest:
            continue
        stale.append(os.path.relpath(path, ROOT))
        if not args.check:
            os.makedirs(IMG, exist_ok=True)
            try:
                draw(data, path, digest)
            except ImportError as e:
                print("report: drawing %s needs matplotlib (%s): run `make report`, which "
                      "installs Debian's python3-matplotlib and uses /usr/bin/python3"
                      % (os.path.relpath(path, ROOT), e), file=sys.stderr)
                return 1
    if args.check:
        if stale:
            print("report: not what bench/results makes (run python3 bench/report.py): "
                  + ", ".join(stale))
            return 1
        print("report: %d docs and %d plots match bench/results" % (len(outputs),
                                                                   len(report.plots)))
        return 0
    print("report: wrote %s" % (", ".join(stale) if stale else "nothing (all current)"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
