"""Results as data: the JSON record every measuring script writes.

A record is one suite's latest run, `bench/results/<suite>.json`:

    {"suite": "cublas",
     "gpu": "NVIDIA H200", "driver": "580.159.04",
     "triton": "3.6.0", "torch": "2.11.0+cu130",
     "commit": "82aa05b", "date": "2026-12-07",
     "commands": ["python3 utils/gpu/matmul-vs-cublas.py time ..."],
     "rows": [{...}, ...]}

`gpu`, `driver`, `triton` and `torch` are absent for suites that do not run
on a GPU (fuzzing). A run may take several commands (one size each, say):
`write` merges the rows of a command into the record when the record is
of the same commit on the same GPU, replacing rows with the same key, and
starts the record afresh otherwise. So the file always holds one run:
history is git's.

Where the record goes: $BENCH_RESULTS (a directory) if set, else
bench/results/ of this checkout. On the GPU machine point it under $OUT
and copy the files back into bench/results/.

The commit: $BENCH_COMMIT if set (the GPU machine gets a copy of the work
tree without .git), else `git rev-parse --short HEAD` here.

`bench/report.py` makes docs/benchmarks.md, docs/triton-tests.md and
docs/fuzzing.md from these files.
"""

import datetime
import json
import os
import shlex
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RESULTS = os.path.join(ROOT, "bench", "results")


def results_dir():
    return os.environ.get("BENCH_RESULTS") or RESULTS


def commit():
    if os.environ.get("BENCH_COMMIT"):
        return os.environ["BENCH_COMMIT"]
    try:
        out = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"],
                             capture_output=True, text=True, timeout=20)
        if out.returncode == 0 and out.stdout.strip():
            return out.stdout.strip()
    except (OSError, subprocess.SubprocessError):
        pass
    return "unknown"


def gpu_environment():
    """The GPU's name and driver, Triton's and PyTorch's versions, as far as
    this process can tell (nvidia-smi, then torch)."""
    env = {}
    try:
        out = subprocess.run(["nvidia-smi", "--query-gpu=name,driver_version",
                              "--format=csv,noheader"], capture_output=True, text=True,
                             timeout=30)
        if out.returncode == 0 and out.stdout.strip():
            name, _, driver = out.stdout.strip().splitlines()[0].partition(",")
            env["gpu"], env["driver"] = name.strip(), driver.strip()
    except (OSError, subprocess.SubprocessError):
        pass
    try:
        import torch
        env["torch"] = torch.__version__
        if "gpu" not in env and torch.cuda.is_available():
            env["gpu"] = torch.cuda.get_device_name()
    except ImportError:
        pass
    try:
        import triton
        env["triton"] = triton.__version__
    except ImportError:
        pass
    return env


def command_line(argv=None):
    """This process's command line as a person would type it, paths under
    the checkout made relative to it."""
    def relative(arg):
        path = os.path.abspath(arg) if os.sep in arg else None
        if path and path.startswith(ROOT + os.sep):
            return os.path.relpath(path, ROOT)
        return arg
    argv = [relative(a) for a in (sys.argv if argv is None else argv)]
    return " ".join(["python3"] + [shlex.quote(a) for a in argv])


def load(suite, directory=None):
    path = os.path.join(directory or results_dir(), suite + ".json")
    if not os.path.exists(path):
        return None
    with open(path) as f:
        return json.load(f)


def write(suite, rows, key, command=None, extra=None, env=None, per_row=False, supersedes=None):
    """Write (or merge into) the record of `suite`; returns its path.

    rows: a list of dicts; key(row) -> a hashable identity of a row (a
    later command's row of the same key replaces the earlier one);
    env: the GPU environment as given, for a record made away from the
    GPU (default: this machine's, gpu_environment());
    extra: more top-level fields (replacing those of a merged record).
    per_row: every row carries its own run (gpu, commit, date, command):
    rows of other keys are always kept, so the record holds the latest
    run of each key (Triton's test files: one file's run replaces that
    file's row only);
    supersedes(old_row) -> True: older rows this run covers, dropped
    whatever their key (a whole file's run covers the runs of some of its
    tests)."""
    directory = results_dir()
    os.makedirs(directory, exist_ok=True)
    record = {"suite": suite}
    record.update(gpu_environment() if env is None else env)
    record.setdefault("commit", commit())
    record.setdefault("date", datetime.date.today().isoformat())
    command = command or command_line()
    if per_row:
        run = {k: record[k] for k in ("gpu", "driver", "triton", "torch", "commit", "date")
               if k in record}
        rows = [dict(run, command=command, **r) for r in rows]
    old = load(suite, directory)
    same_run = old is not None and (per_row or (old.get("commit") == record["commit"]
                                                and old.get("gpu") == record.get("gpu")))
    if same_run:
        fresh = {key(r) for r in rows}
        kept = [r for r in old.get("rows", []) if key(r) not in fresh
                and not (supersedes and supersedes(r))]
        commands = [c for c in old.get("commands", []) if c != command]
        for field, value in old.items():
            if field not in record and field not in ("rows", "commands"):
                record[field] = value
    else:
        kept, commands = [], []
    record["commands"] = commands + [command]
    if extra:
        record.update(extra)
    record["rows"] = kept + list(rows)
    path = os.path.join(directory, suite + ".json")
    with open(path, "w") as f:
        json.dump(record, f, indent=1, sort_keys=False)
        f.write("\n")
    print("results: %s (%d rows)" % (path, len(record["rows"])), file=sys.stderr)
    return path


def append(suite, row, command=None):
    """Add one run to a suite whose record keeps every run (fuzzing: the
    totals are sums over runs); returns the record's path. The row gets
    the date, the commit and the command; the record's other fields (such
    as fuzzing's findings) are kept."""
    directory = results_dir()
    os.makedirs(directory, exist_ok=True)
    record = load(suite, directory) or {"suite": suite, "rows": []}
    row = dict(date=datetime.date.today().isoformat(), commit=commit(),
               command=command or command_line(), **row)
    record["rows"] = record.get("rows", []) + [row]
    record["commit"], record["date"] = row["commit"], row["date"]
    path = os.path.join(directory, suite + ".json")
    with open(path, "w") as f:
        json.dump(record, f, indent=1)
        f.write("\n")
    print("results: %s (%d runs)" % (path, len(record["rows"])), file=sys.stderr)
    return path
