#!/usr/bin/env python3
"""Every path the README and docs/ name in backticks exists in the tree (run by `make lint`).
A path a reader is told to create, or a name that only looks like a path, is listed below.
Also: no entry of docs/decisions.md is over 12 lines (the decision and its reason; its
figures go to docs/speed.md)."""
import glob
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NOT_FILES = {
    "config/local.toml",  # the plant's own settings, made by the plant
    "plugins/recalls", "plugin-web/recalls",  # docs/modules.md's example of a new module
    "core/storage-sweep",  # a task lease's name
    "docs/users.md",  # named by migrations that cannot change (decision 31)
    "host-web/dist/",  # the web build's output
}
ENTRY = re.compile(r"^(?:## )?(\d+(?:–\d+)?)\. ")  # `N. **Title.**` (or an old `## N. Title`)
MAX_ENTRY_LINES = 12
PATH = re.compile(r"`((?:core|plugins|host-web|plugin-web|web-tests|config|migrations|docs|\.ci)/[A-Za-z0-9_./-]+)(?::\d+)?`")

missing = []
for doc in ["README.md", *sorted(glob.glob("docs/*.md", root_dir=ROOT))]:
    for n, line in enumerate(open(os.path.join(ROOT, doc), encoding="utf-8"), 1):
        for m in PATH.finditer(line):
            p = m.group(1).rstrip(".")
            if p not in NOT_FILES and not os.path.exists(os.path.join(ROOT, p)):
                missing.append(f"  {doc}:{n}: {p}")

# An entry runs from its `N. ` line to the next entry or heading, trailing blank lines aside.
entries, current = [], None
for n, line in enumerate(open(os.path.join(ROOT, "docs/decisions.md"), encoding="utf-8"), 1):
    m = ENTRY.match(line)
    if m or line.startswith("#"):
        current = [m.group(1), n, n] if m else None
        if current:
            entries.append(current)
    elif current and line.strip():
        current[2] = n
long = [f"  docs/decisions.md:{start}: decision {num} is {end - start + 1} lines"
        for num, start, end in entries if end - start + 1 > MAX_ENTRY_LINES]

if missing:
    print("paths named in the docs that do not exist:")
    print("\n".join(missing))
if long:
    print(f"decisions over {MAX_ENTRY_LINES} lines (move figures to docs/speed.md):")
    print("\n".join(long))
if missing or long:
    sys.exit(1)
longest = max((end - start + 1 for _, start, end in entries), default=0)
print(f"docs: every named path exists; {len(entries)} decisions, the longest {longest} lines")
