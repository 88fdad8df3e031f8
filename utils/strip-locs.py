#!/usr/bin/env python3
"""Normalize printed MLIR so that two printings of the same IR can be diffed.

By default removes:
  * location alias definitions (`#loc = loc(...)`, `#loc12 = loc(...)`),
  * every ` loc(...)` suffix, with nested parentheses and quoted strings
    (`loc(callsite(#loc1 at #loc39))`, `loc("f(x).py":3:4)`),
and always removes trailing whitespace and blank lines at the start or end.

Options:
  --keep-locs      keep the locations (only whitespace is normalized)
  --canonical-ssa  rename SSA values to %v0, %v1, ... in order of first
                   appearance (outside string literals), so printings that
                   name values differently compare equal. Names are scoped
                   like MLIR's: a region (a line ending in `{` up to the line
                   starting with `}`) may reuse a name of a sibling region.
                   Needed because MLIR cannot keep the name of a block
                   argument that a custom printer prints without its location
                   (scf.for's induction variable and iter_args): a reparsed
                   kernel calls it %argN where Triton printed %row.

Usage: strip-locs.py [--keep-locs] [--canonical-ssa] [FILE]
(reads stdin when FILE is absent or '-'). Python 3 standard library only.
"""

import re
import sys

_ALIAS_DEF = re.compile(r"^#loc[0-9]*\s*=\s*loc\(")
_LOC_START = re.compile(r"loc\(")
_SSA_NAME = re.compile(r"%[A-Za-z0-9_$.\-]+")
# The results of an op: `%a = `, `%a:2 = `, `%a, %b = ` at the start of a line.
_RESULTS = re.compile(
    r"^\s*%[A-Za-z0-9_$.\-]+(?::\d+)?(?:\s*,\s*%[A-Za-z0-9_$.\-]+(?::\d+)?)*\s*="
)


class SSARenamer:
    """Consistent, scope-aware renaming of SSA values to %v0, %v1, ...

    Scopes follow region nesting: a name defined in a region is forgotten when
    the region closes, so sibling regions may reuse it (as MLIR's printer
    does) and each use maps to the definition that is in scope."""

    def __init__(self):
        self.scopes = [{}]
        self.count = 0

    def push(self):
        self.scopes.append({})

    def pop(self):
        if len(self.scopes) > 1:
            self.scopes.pop()

    def rename(self, name):
        for scope in reversed(self.scopes):
            if name in scope:
                return scope[name]
        canonical = "%%v%d" % self.count
        self.count += 1
        self.scopes[-1][name] = canonical
        return canonical


def _skip_string(text, i):
    """`text[i]` is '"'; return the index just past the closing quote."""
    i += 1
    while i < len(text):
        c = text[i]
        if c == "\\":
            i += 2
            continue
        if c == '"':
            return i + 1
        i += 1
    raise ValueError("unterminated string literal")


def _skip_parens(text, i):
    """`text[i]` is '('; return the index just past the matching ')'."""
    depth = 0
    while i < len(text):
        c = text[i]
        if c == '"':
            i = _skip_string(text, i)
            continue
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    raise ValueError("unbalanced parentheses in loc(...)")


def strip_line(line, keep_locs=False, ssa_names=None):
    """Return `line` with every loc(...) (outside string literals) removed,
    unless `keep_locs`; with `ssa_names` (an SSARenamer), SSA names are
    replaced by canonical ones."""
    out = []
    i = 0
    if ssa_names is not None:
        # A line starting with `}` closes a region. The results of an op
        # belong to the enclosing scope; the rest of a line that opens a
        # region (block arguments, induction variables) to the new region.
        if line.lstrip().startswith("}"):
            ssa_names.pop()
        m = _RESULTS.match(line)
        if m:
            out.append(_SSA_NAME.sub(lambda r: ssa_names.rename(r.group(0)), m.group(0)))
            i = m.end()
        if _opens_region(line):
            ssa_names.push()
    n = len(line)
    while i < n:
        c = line[i]
        if c == '"':
            j = _skip_string(line, i)
            out.append(line[i:j])
            i = j
            continue
        if ssa_names is not None and c == "%":
            m = _SSA_NAME.match(line, i)
            if m:
                out.append(ssa_names.rename(m.group(0)))
                i = m.end()
                continue
        # Only a standalone `loc(` token, not the tail of an identifier such
        # as `%alloc(` or `@myloc(`; the blank before it goes too.
        if not keep_locs and _LOC_START.match(line, i) and (
            i == 0 or not (line[i - 1].isalnum() or line[i - 1] in "_%@#$.")
        ):
            while out and out[-1].isspace():
                out.pop()
            i = _skip_parens(line, i + 3)
            continue
        out.append(c)
        i += 1
    return "".join(out).rstrip()


def _opens_region(line):
    """Whether `line` ends (locations aside) with the `{` that opens a region."""
    return strip_line(line).endswith("{")


def strip(text, keep_locs=False, canonical_ssa=False):
    ssa_names = SSARenamer() if canonical_ssa else None
    lines = []
    for line in text.splitlines():
        if not keep_locs and _ALIAS_DEF.match(line):
            continue
        lines.append(strip_line(line, keep_locs, ssa_names))
    while lines and not lines[0]:
        lines.pop(0)
    while lines and not lines[-1]:
        lines.pop()
    return "\n".join(lines) + "\n" if lines else ""


def main(argv):
    args = argv[1:]
    keep_locs = "--keep-locs" in args
    canonical_ssa = "--canonical-ssa" in args
    files = [a for a in args if a not in ("--keep-locs", "--canonical-ssa")]
    if len(files) > 1 or any(f.startswith("--") for f in files):
        sys.stderr.write("usage: strip-locs.py [--keep-locs] [--canonical-ssa] [FILE]\n")
        return 2
    if files and files[0] != "-":
        with open(files[0], encoding="utf-8") as f:
            text = f.read()
    else:
        text = sys.stdin.read()
    try:
        sys.stdout.write(strip(text, keep_locs, canonical_ssa))
    except ValueError as e:
        sys.stderr.write("strip-locs.py: error: %s\n" % e)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
