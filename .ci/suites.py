#!/usr/bin/env python3
"""`make test`'s runner: each suite in turn (`make <suite>`), its output shown and kept in
test-results/suites/<suite>.log, then a table of every suite's wall time, CPU time and test
count, and the budget check of .ci/budget.tsv (docs/testing.md).

A suite's CPU time is its processes' user + system time (what it waited for, servers and
browsers included): the budget holds CPU, not wall, because wall moves with whatever else
the machine runs (CI's 2 cores have shown the same suites 35 % apart), CPU much less.
The last line is the plain 'total: N passed, N failed' any CI log reader understands.
"""
import os
import re
import resource
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LOGS = os.path.join(ROOT, "test-results", "suites")
BUDGET = os.path.join(ROOT, ".ci", "budget.tsv")
HEADROOM = 1.2


def ints(pattern, text):
    return [int(m) for m in re.findall(pattern, text, re.M)]


def rust_counts(text):
    """cargo nextest's 'N tests run: N passed' summaries, else cargo test's 'test result' lines."""
    runs = re.findall(r"^\s*Summary \[.*?\]\s+(\d+) tests? run: (\d+) passed(?:.*?(\d+) failed)?", text, re.M)
    if runs:
        return sum(int(p) for _, p, _ in runs), sum(int(f or 0) for _, _, f in runs)
    passed = ints(r"^test result: \w+\. (\d+) passed", text)
    failed = ints(r"^test result: \w+\. \d+ passed; (\d+) failed", text)
    return sum(passed), sum(failed)


def count(suite, text):
    """(label, passed, failed) rows of one suite's log; a label says what was counted."""
    if suite == "test-rust":
        rows = []
        parts = re.split(r"^== Rust tests on (\w+)$", text, flags=re.M)
        for db, body in zip(parts[1::2], parts[2::2]):
            p, f = rust_counts(body)
            rows.append((f"Rust tests on {db}", p, f))
        return rows
    if suite == "test-new-module":
        p, f = rust_counts(text)
        return [("the new module's tests", p, f)]
    if suite == "test-web-components":
        m = re.findall(r"^Summary: (\d+) passed, (\d+) failed", text, re.M)
        return [("component tests", int(m[-1][0]), int(m[-1][1]))] if m else []
    if suite == "test-web-browser":
        p, f = ints(r"^ℹ pass (\d+)", text), ints(r"^ℹ fail (\d+)", text)
        return [("browser tests", p[-1] if p else 0, f[-1] if f else 0)]
    if suite == "test-api-contract":
        # schemathesis 4's summary: 'Test cases:' then '  N generated, N passed[, N failed][, N skipped]'.
        runs = re.findall(r"^\s*\d+ generated, (\d+) passed(?:, (\d+) failed)?", text, re.M)
        rows = [("schemathesis cases (signed in + anonymous)", sum(int(p) for p, _ in runs), sum(int(f or 0) for _, f in runs))]
        # .ci/scim.sh: 'scim2-tester: N checks, M unexpected failures'.
        scim = re.findall(r"^scim2-tester: (\d+) checks, (\d+) unexpected", text, re.M)
        if scim:
            n, f = map(int, scim[-1])
            rows.append(("scim2-tester checks (the known refusals passed)", n - f, f))
        return rows
    if suite == "bench-smoke":
        n = len(re.findall(r"^== bench-smoke: ", text, re.M))
        return [("benchmarks run at --small size", n, 0)]
    if suite == "lint":
        n = len(re.findall(r"^== lint: ", text, re.M))
        return [("lint checks", n, 0)]
    return []


def load_budget():
    budget = {}
    if os.path.exists(BUDGET):
        for line in open(BUDGET):
            line = line.split("#", 1)[0].strip()
            if line:
                suite, cpu = line.split()[:2]
                budget[suite] = float(cpu)
    return budget


def run(suite):
    os.makedirs(LOGS, exist_ok=True)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.monotonic()
    with open(os.path.join(LOGS, f"{suite}.log"), "w") as log:
        p = subprocess.Popen(["make", "--no-print-directory", suite], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        text = []
        for raw in p.stdout:
            line = raw.decode("utf-8", "replace")
            sys.stdout.write(line)
            sys.stdout.flush()
            log.write(line)
            text.append(line)
        rc = p.wait()
    wall = time.monotonic() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return rc, wall, cpu, "".join(text)


def main(suites):
    start = time.monotonic()
    budget = load_budget()
    results = []
    failed_suite = None
    for suite in suites:
        rc, wall, cpu, text = run(suite)
        results.append((suite, wall, cpu, count(suite, text)))
        if rc != 0:
            failed_suite = suite
            break
    over = []
    print("\nmake test: suites (wall s, CPU s = user + system of its processes, tests)")
    total_p = total_f = 0
    for suite, wall, cpu, rows in results:
        limit = budget.get(suite)
        note = ""
        if limit is not None:
            note = f"  budget {limit * HEADROOM:.0f} CPU s"
            if cpu > limit * HEADROOM:
                over.append((suite, cpu, limit))
                note += " EXCEEDED"
        print(f"  {suite:<22} {wall:7.0f} s wall {cpu:7.0f} s CPU{note}")
        for label, p, f in rows:
            print(f"      {label}: {p} passed, {f} failed")
            total_p += p
            total_f += f
    print(f"  {'all':<22} {time.monotonic() - start:7.0f} s wall")
    subprocess.call([sys.executable, os.path.join(ROOT, ".ci", "profile.py")])
    if failed_suite:
        print(f"make test: {failed_suite} failed (its log: test-results/suites/{failed_suite}.log)")
    for suite, cpu, limit in over:
        print(f"make test: {suite} used {cpu:.0f} CPU s, over its budget of {limit:.0f} s + 20 % "
              f"(.ci/budget.tsv): make its tests cheaper, or raise the budget in the same change with the reason")
    print(f"total: {total_p} passed, {total_f + (1 if (failed_suite or over) and total_f == 0 else 0)} failed")
    return 1 if failed_suite or over else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
