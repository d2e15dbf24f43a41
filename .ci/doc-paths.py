#!/usr/bin/env python3
"""Every path the README and docs/ name in backticks exists in the tree (run by `make lint`).
A path a reader is told to create, or a name that only looks like a path, is listed below."""
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
PATH = re.compile(r"`((?:core|plugins|host-web|plugin-web|web-tests|config|migrations|docs|\.ci)/[A-Za-z0-9_./-]+)(?::\d+)?`")

missing = []
for doc in ["README.md", *sorted(glob.glob("docs/*.md", root_dir=ROOT))]:
    for n, line in enumerate(open(os.path.join(ROOT, doc), encoding="utf-8"), 1):
        for m in PATH.finditer(line):
            p = m.group(1).rstrip(".")
            if p not in NOT_FILES and not os.path.exists(os.path.join(ROOT, p)):
                missing.append(f"  {doc}:{n}: {p}")
if missing:
    print("paths named in the docs that do not exist:")
    print("\n".join(missing))
    sys.exit(1)
print("docs: every named path exists")
