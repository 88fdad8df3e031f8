#!/usr/bin/env python3
"""Count the operations in textual MLIR, or compare two files' counts.

  op-stats.py FILE            one line: total ops, then `name=count` pairs
  op-stats.py BEFORE AFTER    `N ops -> M ops`, then each op whose count
                              changed: `name A->B`

An operation is a line whose first token (after `%results =`) is an op name
(`tt.load`, `arith.addf`, `"tt.reduce"`). Module and location lines are not
counted. Python 3 standard library only.
"""

import collections
import re
import sys

_OP = re.compile(
    r'^\s*(?:%[\w.$#-]+(?::\d+)?(?:\s*,\s*%[\w.$#-]+(?::\d+)?)*\s*=\s*)?'
    r'"?([a-z_][\w$]*\.[\w.$]+)"?[\s(<{:]'
)


def count_ops(path):
    counts = collections.Counter()
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.lstrip().startswith(("#", "//", "^")):
                continue
            m = _OP.match(line)
            if m:
                counts[m.group(1)] += 1
    return counts


def main(argv):
    if len(argv) == 2:
        c = count_ops(argv[1])
        pairs = " ".join("%s=%d" % kv for kv in sorted(c.items()))
        print("%d ops: %s" % (sum(c.values()), pairs))
        return 0
    if len(argv) == 3:
        before, after = count_ops(argv[1]), count_ops(argv[2])
        changed = [
            "%s %d->%d" % (name, before[name], after[name])
            for name in sorted(set(before) | set(after))
            if before[name] != after[name]
        ]
        print(
            "%d ops -> %d ops%s"
            % (
                sum(before.values()),
                sum(after.values()),
                (": " + ", ".join(changed)) if changed else " (op counts unchanged)",
            )
        )
        return 0
    sys.stderr.write("usage: op-stats.py FILE | op-stats.py BEFORE AFTER\n")
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
