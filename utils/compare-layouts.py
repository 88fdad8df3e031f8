#!/usr/bin/env python3
"""Compare the layouts of two TTGIR files, op by op.

Usage: compare-layouts.py OURS.mlir REFERENCE.ttgir

For every tt.load, tt.store, tt.reduce and tt.scan, in order of appearance,
the types the op prints (with layout aliases such as #blocked1 replaced by
their definitions) must be identical in both files, and OURS must not have
more ttg.convert_layout ops than REFERENCE. Prints one line per op and a
summary; exits 1 on any difference.
"""
import re
import sys

ALIAS_DEF = re.compile(r'^(#[A-Za-z_][\w.$-]*) = (.*)$')
ALIAS_USE = re.compile(r'#[A-Za-z_][\w.$-]*')
MEMORY_OPS = ('tt.load', 'tt.store')
REGION_OPS = ('"tt.reduce"', '"tt.scan"')


def read(path):
    with open(path) as f:
        lines = f.read().splitlines()
    aliases = {}
    for line in lines:
        m = ALIAS_DEF.match(line)
        if m and not m.group(2).startswith('loc('):
            aliases[m.group(1)] = m.group(2)

    def resolve(text):
        # Aliases may refer to other aliases (#ttg.slice<{parent = #blocked}>).
        for _ in range(8):
            new = ALIAS_USE.sub(lambda m: aliases.get(m.group(0), m.group(0)),
                                text)
            if new == text:
                break
            text = new
        return text

    ops, converts, pending = [], 0, []
    for line in lines:
        code = re.sub(r'\s+loc\(.*$', '', line).strip()
        if 'ttg.convert_layout' in code:
            converts += 1
        for name in REGION_OPS:
            if name + '(' in code:
                pending.append(name.strip('"'))
        if pending and code.startswith('})') and ' : (' in code:
            ops.append((pending.pop(), resolve(code.split(' : ', 1)[1])))
            continue
        for name in MEMORY_OPS:
            if re.search(r'(^|= )' + re.escape(name) + r' ', code):
                ops.append((name, resolve(code.rsplit(' : ', 1)[1])))
    return ops, converts


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    ours, our_cvts = read(sys.argv[1])
    ref, ref_cvts = read(sys.argv[2])
    failed = False
    if [n for n, _ in ours] != [n for n, _ in ref]:
        print('op sequence differs:\n  ours: %s\n  ref:  %s' %
              ([n for n, _ in ours], [n for n, _ in ref]))
        failed = True
    for i, ((name, ty), (_, ref_ty)) in enumerate(zip(ours, ref)):
        same = ty == ref_ty
        failed |= not same
        print('%s %d %s' % ('same' if same else 'DIFF', i, name))
        if not same:
            print('  ours: %s\n  ref:  %s' % (ty, ref_ty))
    print('memory/reduction ops: %d ours, %d reference' % (len(ours), len(ref)))
    print('convert_layout: %d ours, %d reference' % (our_cvts, ref_cvts))
    if our_cvts > ref_cvts:
        failed = True
    print('FAIL' if failed else 'OK')
    sys.exit(1 if failed else 0)


if __name__ == '__main__':
    main()
