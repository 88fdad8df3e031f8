#!/usr/bin/env python3
"""Check that every kernel of the reference corpus has a round-trip test.

Usage: check-corpus-tests.py CORPUS_DIR TEST_DIR [SUFFIX]

A kernel is a folder CORPUS_DIR/<name>/ holding <name><SUFFIX> (default
.ttir); its test is TEST_DIR/<name>.test. Prints one line per kernel and
exits 1 if a kernel has no test (or the corpus has no kernel at all).
"""

import os
import sys


def main(argv):
    if len(argv) not in (3, 4):
        sys.stderr.write(__doc__)
        return 2
    corpus, tests = argv[1], argv[2]
    suffix = argv[3] if len(argv) == 4 else ".ttir"
    kernels = sorted(
        name
        for name in os.listdir(corpus)
        if os.path.isfile(os.path.join(corpus, name, name + suffix))
    )
    if not kernels:
        print("no <name>/<name>%s kernels in %s" % (suffix, corpus))
        return 1
    missing = 0
    for name in kernels:
        ok = os.path.isfile(os.path.join(tests, name + ".test"))
        missing += not ok
        print("%s %s%s" % ("ok     " if ok else "MISSING", name, suffix))
    print("%d kernels, %d without a test" % (len(kernels), missing))
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
