#!/usr/bin/env python3
"""Where `make test`'s time went, from the reports its suites leave in test-results/: the
slowest Rust crates to compile (cargo's timings) and tests to run (nextest's JUnit, per
database), and the slowest component-test and browser-test files. Printed after the
suites' table (docs/testing.md); a missing report is skipped."""
import json
import os
import re
import sys
import xml.etree.ElementTree as ET
from collections import defaultdict

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RESULTS = os.path.join(ROOT, "test-results")
TOP = 10


def show(title, rows):
    if not rows:
        return
    print(f"  {title}")
    for secs, name in rows[:TOP]:
        print(f"    {secs:7.1f} s  {name}")


def rust_compile():
    path = os.path.join(RESULTS, "rust-build-timing.html")
    if not os.path.exists(path):
        return []
    m = re.search(r"const UNIT_DATA = (\[.*?\]);\n", open(path, encoding="utf-8").read(), re.S)
    if not m:
        return []
    units = json.loads(m.group(1))
    rows = [(u["duration"], f"{u['name']} {u.get('target', '').strip()}".strip()) for u in units]
    return sorted(rows, reverse=True)


def rust_runs(db):
    path = os.path.join(RESULTS, f"rust-{db}-junit.xml")
    if not os.path.exists(path):
        return [], []
    per_binary = defaultdict(float)
    tests = []
    for case in ET.parse(path).getroot().iter("testcase"):
        secs = float(case.get("time", 0))
        per_binary[case.get("classname", "?")] += secs
        tests.append((secs, case.get("name", "?")))
    return sorted(((s, b) for b, s in per_binary.items()), reverse=True), sorted(tests, reverse=True)


def component_files():
    path = os.path.join(RESULTS, "vitest.json")
    if not os.path.exists(path):
        return []
    report = json.load(open(path))
    rows = []
    for f in report.get("testResults", []):
        secs = (f.get("endTime", 0) - f.get("startTime", 0)) / 1000
        rows.append((secs, f"{os.path.relpath(f['name'], ROOT)} ({len(f.get('assertionResults', []))} tests)"))
    return sorted(rows, reverse=True)


def browser_files():
    path = os.path.join(RESULTS, "e2e-times.tsv")
    if not os.path.exists(path):
        return []
    rows = []
    for line in open(path):
        name, secs, tests = line.rstrip("\n").split("\t")
        rows.append((float(secs), f"{name} ({tests} tests)"))
    return sorted(rows, reverse=True)


def main():
    print("\nmake test: where the time went (the ten slowest of each; docs/testing.md)")
    show("Rust units to compile (cargo --timings, this run's build only)", rust_compile())
    for db in ("sqlite", "postgres"):
        binaries, tests = rust_runs(db)
        show(f"Rust test binaries on {db} (sum of their tests' times; six run at once)", binaries)
        show(f"Rust tests on {db}", tests)
    show("component-test files (Vitest, collect and run)", component_files())
    show("browser-test files (sum of their top-level tests and blocks)", browser_files())
    return 0


if __name__ == "__main__":
    sys.exit(main())
