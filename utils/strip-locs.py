#!/usr/bin/env python3
"""Strip MLIR debug locations from textual IR so two printings can be diffed.

Removes:
  * location alias definitions (`#loc = loc(...)`, `#loc12 = loc(...)`),
  * every ` loc(...)` suffix, with nested parentheses and quoted strings
    (`loc(callsite(#loc1 at #loc39))`, `loc("f(x).py":3:4)`),
  * trailing whitespace, and blank lines left at the start or end.

Usage: strip-locs.py [FILE]   (reads stdin when FILE is absent or '-')
Python 3 standard library only.
"""

import re
import sys

_ALIAS_DEF = re.compile(r"^#loc[0-9]*\s*=\s*loc\(")
_LOC_START = re.compile(r"loc\(")


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


def strip_line(line):
    """Return `line` with every loc(...) (outside string literals) removed."""
    out = []
    i = 0
    n = len(line)
    while i < n:
        c = line[i]
        if c == '"':
            j = _skip_string(line, i)
            out.append(line[i:j])
            i = j
            continue
        # Only a standalone `loc(` token, not the tail of an identifier such
        # as `%alloc(` or `@myloc(`; the blank before it goes too.
        if _LOC_START.match(line, i) and (
            i == 0 or not (line[i - 1].isalnum() or line[i - 1] in "_%@#$.")
        ):
            while out and out[-1].isspace():
                out.pop()
            i = _skip_parens(line, i + 3)
            continue
        out.append(c)
        i += 1
    return "".join(out).rstrip()


def strip(text):
    lines = []
    for line in text.splitlines():
        if _ALIAS_DEF.match(line):
            continue
        lines.append(strip_line(line))
    while lines and not lines[0]:
        lines.pop(0)
    while lines and not lines[-1]:
        lines.pop()
    return "\n".join(lines) + "\n" if lines else ""


def main(argv):
    if len(argv) > 2:
        sys.stderr.write("usage: strip-locs.py [FILE]\n")
        return 2
    if len(argv) == 2 and argv[1] != "-":
        with open(argv[1], encoding="utf-8") as f:
            text = f.read()
    else:
        text = sys.stdin.read()
    try:
        sys.stdout.write(strip(text))
    except ValueError as e:
        sys.stderr.write("strip-locs.py: error: %s\n" % e)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
