#!/usr/bin/env python3
"""Compares our TTGIR with Triton's, kernel by kernel.

For every case directory of a dump (`<dump>/<case>/<case>.{ttir,ttgir}` and
`meta.json`, as `utils/gpu/dot-check.py dump DIR` writes on the GPU machine), runs our ttgir pipeline on the `.ttir`
(the case's num_warps, num_stages and target) and compares the result with
Triton's `.ttgir` after normalizing both: locations and SSA names dropped,
layout aliases (#blocked1, #mma, #shared, ...) replaced by their definitions.

Per kernel it reports whether
  layouts  the sets of layout definitions (#blocked/#mma/#shared/#linear) match,
  loop     the op sequence inside every scf.for matches (ops with their types);
           "order" when the same ops appear in another order,
  kernel   the whole function body matches, op for op ("order" likewise);
and, with --diff, the first differing lines.

usage: utils/compare-ttgir.py [--dump DIR] [--opt build/bin/triton-opt]
                              [--diff] [case ...]
"""
import argparse
import difflib
import json
import os
import re
import subprocess
import sys

ALIAS_DEF = re.compile(r'^(#[A-Za-z_][\w.]*) = (.*)$')
LOC = re.compile(r' loc\((?:[^()]|\([^()]*\))*\)')
SSA = re.compile(r'%[\w.$-]+(#\d+)?(:\d+)?')


def normalize(text):
    """Returns (layout definitions, body lines) of a TTGIR module."""
    aliases = {}
    body = []
    for line in text.splitlines():
        if line.startswith('#loc'):
            continue
        m = ALIAS_DEF.match(line)
        if m:
            aliases[m.group(1)] = m.group(2)
            continue
        line = LOC.sub('', line).rstrip()
        if line.strip():
            body.append(line)

    # Longest names first so #blocked1 is not read as #blocked + "1".
    names = sorted(aliases, key=len, reverse=True)
    pattern = re.compile('|'.join(re.escape(n) + r'(?![\w.])' for n in names)) \
        if names else None

    def expand(s):
        for _ in range(4):  # aliases may refer to aliases
            if not pattern:
                break
            s2 = pattern.sub(lambda m: aliases[m.group(0)], s)
            if s2 == s:
                break
            s = s2
        return s

    layouts = sorted(expand(v) for k, v in aliases.items()
                     if not k.startswith('#smem'))
    lines = []
    for line in body:
        line = expand(line)
        line = SSA.sub('%', line)
        lines.append(line.strip())
    return layouts, lines


def loop_bodies(lines):
    """The op lines inside scf.for regions (nested loops flattened)."""
    out, depth = [], 0
    for line in lines:
        if 'scf.for' in line:
            depth += 1
            out.append(line)
            continue
        if depth:
            out.append(line)
            if line.startswith('}') and 'scf.yield' not in line:
                depth -= 1
    return out


def first_diff(a, b, context=2, limit=12):
    diff = list(difflib.unified_diff(a, b, 'triton', 'ours', n=context,
                                     lineterm=''))
    return diff[:limit]


def run_ours(opt, case_dir, case):
    meta = json.load(open(os.path.join(case_dir, 'meta.json')))
    warps = meta['num_warps']
    cc = meta['target'].split(':')[1]
    ttir = os.path.join(case_dir, case + '.ttir')
    cmd = [opt, ttir,
           '--triton-ttgir-pipeline=num-warps=%d num-stages=%d '
           'compute-capability=%s' % (warps, meta.get('num_stages', 1), cc)]
    res = subprocess.run(cmd, capture_output=True, text=True)
    return res.returncode, res.stdout, res.stderr


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--dump', required=True,
                    help='the output of utils/gpu/dot-check.py dump')
    ap.add_argument('--opt', default=os.path.join(here, '..', 'build', 'bin',
                                                  'triton-opt'))
    ap.add_argument('--diff', action='store_true',
                    help='print the first differing lines')
    ap.add_argument('cases', nargs='*')
    args = ap.parse_args()

    cases = args.cases or sorted(os.listdir(args.dump))
    total = {'layouts': 0, 'loop': 0, 'kernel': 0}
    for case in cases:
        case_dir = os.path.join(args.dump, case)
        rc, ours, err = run_ours(args.opt, case_dir, case)
        if rc != 0:
            print('%-32s FAILED: %s' % (case, err.strip().splitlines()[0]
                                        if err.strip() else rc))
            continue
        theirs = open(os.path.join(case_dir, case + '.ttgir')).read()
        lay_t, lines_t = normalize(theirs)
        lay_o, lines_o = normalize(ours)
        loop_t, loop_o = loop_bodies(lines_t), loop_bodies(lines_o)
        ok = {
            'layouts': lay_t == lay_o,
            'loop': loop_t == loop_o,
            'kernel': lines_t == lines_o,
        }
        for k, v in ok.items():
            total[k] += v

        def verdict(same, a, b):
            if same:
                return 'ok'
            return 'order' if sorted(a) == sorted(b) else 'DIFF'
        print('%-32s layouts %-4s loop %-5s kernel %s' % (
            case, 'ok' if ok['layouts'] else 'DIFF',
            verdict(ok['loop'], loop_t, loop_o),
            verdict(ok['kernel'], lines_t, lines_o)))
        if args.diff:
            if not ok['layouts']:
                for line in first_diff(lay_t, lay_o, 0):
                    print('    ' + line)
            if not ok['loop']:
                for line in first_diff(loop_bodies(lines_t),
                                       loop_bodies(lines_o)):
                    print('    ' + line[:220])
            elif not ok['kernel']:
                for line in first_diff(lines_t, lines_o):
                    print('    ' + line[:220])
    n = len(cases)
    print('matching: layouts %d/%d, loops %d/%d, kernels %d/%d' % (
        total['layouts'], n, total['loop'], n, total['kernel'], n))
    return 0


if __name__ == '__main__':
    sys.exit(main())
