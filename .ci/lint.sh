#!/usr/bin/env bash
# Formatting and lint (decision 62), run by `make test` before the suites: rustfmt
# (rustfmt.toml) on the workspace and on the modules' API tests (compiled into the core's
# test binary through a build script, so `cargo fmt` does not reach them), clippy with
# warnings as errors (each allow in the code says why), eslint (eslint.config.mjs) and
# prettier (.prettierrc.json) on the web, and no source file over 400 lines.
set -euo pipefail
cd "$(dirname "$0")/.."
step() { echo "== lint: $*"; }

step "cargo fmt --check"
cargo fmt --all --check
mapfile -t module_tests < <(git ls-files 'plugins/*/tests/*.rs' ':!plugins/_template/**')
rustfmt --edition 2021 --config-path rustfmt.toml --check "${module_tests[@]}"

step "cargo clippy -D warnings"
cargo clippy --workspace --all-targets --quiet -- -D warnings

step "eslint"
npx --no-install eslint --max-warnings 0 .
step "prettier --check"
npx --no-install prettier --check --log-level warn "{host-web,plugin-web,web-tests}/**/*.{js,jsx,mjs}" eslint.config.mjs

step "every path named in the README and docs/ exists"
python3 .ci/doc-paths.py

step "no Result<_, String> in server code (a typed error says what failed)"
stringly=$(git grep -nE 'Result<[^;{]*, String>' -- 'core/src/*.rs' 'plugins/*/src/*.rs' ':!plugins/_template/**' | grep -v 'HashMap<String, String>' || true)
if [ -n "$stringly" ]; then echo "Result<_, String>:"; echo "$stringly"; exit 1; fi

step "no source file over 400 lines"
long=$(git ls-files '*.rs' '*.js' '*.jsx' '*.mjs' '*.sh' '*.sql' '*.css' | grep -v '^plugins/_template/' | while read -r f; do
  [ -f "$f" ] && n=$(wc -l <"$f") && [ "$n" -gt 400 ] && echo "  $f: $n lines"; done || true)
if [ -n "$long" ]; then echo "over 400 lines:"; echo "$long"; exit 1; fi
echo "lint: clean"
