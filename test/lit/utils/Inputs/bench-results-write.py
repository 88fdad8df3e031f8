"""Drives bench/results.py's write and append in a scratch directory
($BENCH_RESULTS) and prints what the records hold after each step."""
import json
import os
import sys

sys.path.insert(0, sys.argv[1])
from bench import results  # noqa: E402

d = os.environ["BENCH_RESULTS"]


def show(suite):
    r = json.load(open(os.path.join(d, suite + ".json")))
    print(suite, r["commit"], r.get("gpu"), r["commands"] if "commands" in r else "",
          [(x["k"], x["v"]) if "k" in x else x.get("seed") for x in r["rows"]])


env = {"gpu": "G1"}
key = lambda r: r["k"]  # noqa: E731
os.environ["BENCH_COMMIT"] = "c1"
results.write("s", [{"k": "a", "v": 1}, {"k": "b", "v": 1}], key, command="one", env=dict(env))
show("s")
# Same commit, same GPU: merged, the row of the same key replaced.
results.write("s", [{"k": "b", "v": 2}, {"k": "c", "v": 2}], key, command="two", env=dict(env))
show("s")
# Another GPU: a run of its own.
results.write("s", [{"k": "a", "v": 3}], key, command="three", env={"gpu": "G2"})
show("s")
# Another commit: a run of its own.
os.environ["BENCH_COMMIT"] = "c2"
results.write("s", [{"k": "z", "v": 4}], key, command="four", env={"gpu": "G2"})
show("s")
# per_row: every row keeps its own run; other keys always stay.
results.write("p", [{"k": "x", "v": 1}], key, command="five", env={"gpu": "G1"}, per_row=True)
os.environ["BENCH_COMMIT"] = "c3"
results.write("p", [{"k": "y", "v": 2}], key, command="six", env={"gpu": "G2"}, per_row=True)
r = json.load(open(os.path.join(d, "p.json")))
print("p", [(x["k"], x["commit"], x["gpu"], x["command"]) for x in r["rows"]])
# append keeps every run, and the record's other fields.
results.append("f", {"seed": 1})
r = json.load(open(os.path.join(d, "f.json")))
r["findings"] = ["kept"]
json.dump(r, open(os.path.join(d, "f.json"), "w"))
results.append("f", {"seed": 2})
r = json.load(open(os.path.join(d, "f.json")))
print("f", [x["seed"] for x in r["rows"]], r["findings"], r["rows"][1]["commit"])
