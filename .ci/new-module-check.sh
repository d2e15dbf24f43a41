#!/usr/bin/env bash
# CI: `make new-module` on a throwaway copy of the tree (the tracked files as they are
# now). The new module must build, pass its own tests (SQLite, and PostgreSQL when
# PLANTDOC_TEST_PG_URL is set), be served by the binary (its API, its remote, its page),
# and nothing outside its two folders may change but one line of core/app/Cargo.toml,
# one line of a release file and the two lock files.
# The copy builds in its own target dir made from ./target (cargo names a workspace
# crate's files by its path relative to the workspace, and the copy keeps the files'
# times, so only what the new module changes is compiled; ./target is not written).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
id=${NEW_MODULE_ID:-ci-probe}
crate=${id//-/_}
tmp=$(mktemp -d /tmp/plantdoc-new-module.XXXXXX)
server=
cleanup() {
  [[ -n $server ]] && kill "$server" 2>/dev/null || true
  rm -rf "$tmp"
}
trap cleanup EXIT
fail() {
  [[ -f $tmp/serve.log ]] && tail -20 "$tmp/serve.log" >&2
  echo "new-module check: $*" >&2
  exit 1
}

tree=$tmp/tree
mkdir -p "$tree"
(cd "$root" && git ls-files -z | tar --null -T - --ignore-failed-read -cf - 2>/dev/null) | tar -xf - -C "$tree"
ln -s "$root/node_modules" "$tree/node_modules"
target=$tree/target
mkdir -p "$target/debug"
# Compiled crates are hard links (rustc and the linker replace a file, never write into
# it); build script outputs and fingerprints, which cargo rewrites in place, are copies.
# The tree's own build is wherever cargo puts it (CI: CARGO_TARGET_DIR, /var/cache/…).
built=${CARGO_TARGET_DIR:-$root/target}
[[ -d $built/debug/deps ]] && cp -al "$built/debug/deps" "$target/debug/"
for d in build .fingerprint; do
  [[ -d $built/debug/$d ]] && cp -a "$built/debug/$d" "$target/debug/"
done
cd "$tree"
git init -q && git add -A && git -c user.name=ci -c user.email=ci@localhost commit -qm base

make --no-print-directory new-module ID="$id" >/dev/null
export CARGO_TARGET_DIR=$target
cargo build -q -p plantdoc 2>&1 | tail -20

# Only its two folders, the one Cargo.toml line, the release list and the lock files.
git add -A
changed=$(git diff --cached --name-only | grep -v -e "^plugins/$id/" -e "^plugin-web/$id/" || true)
allowed=$(printf '%s\n' core/app/Cargo.toml Cargo.lock package-lock.json config/releases/*.toml)
for f in $changed; do
  grep -qxF "$f" <<<"$allowed" || fail "$f changed"
done
[[ $(git diff --cached --numstat core/app/Cargo.toml) == $'1\t0\tcore/app/Cargo.toml' ]] || fail "core/app/Cargo.toml: not one added line"
releases=$(git diff --cached --name-only -- config/releases)
[[ $(wc -w <<<"$releases") == 1 ]] || fail "not one release file changed: $releases"
[[ $(git diff --cached --numstat -- config/releases | cut -f1,2) == $'1\t1' ]] || fail "$releases: not one line"
echo "new-module check: only plugins/$id, plugin-web/$id, core/app/Cargo.toml (+1), $releases (1 line) and lock files changed"

# What the template wrote is formatted and lint-clean, as the rest of the tree (.ci/lint.sh).
cargo fmt -p "plantdoc-$id" --check >/dev/null || fail "its Rust is not formatted (cargo fmt)"
rustfmt --edition 2021 --config-path rustfmt.toml --check $(git ls-files "plugins/$id/tests/*.rs") >/dev/null || fail "its API tests are not formatted"
cargo clippy -q -p "plantdoc-$id" --all-targets -- -D warnings || fail "clippy warns on it"
npx --no-install eslint --max-warnings 0 "plugin-web/$id" || fail "eslint warns on its remote"
npx --no-install prettier --check --log-level warn "plugin-web/$id/**/*.{js,jsx,mjs}" || fail "its remote is not formatted (prettier)"
echo "new-module check: its code is formatted and lint-clean"

# Its own tests: the crate's unit tests and its API tests in the app's test binary.
cargo test -q -p "plantdoc-$id" 2>&1 | grep -E '^test result' | head -3
for db in sqlite ${PLANTDOC_TEST_PG_URL:+postgres}; do
  out=$(PLANTDOC_TEST_DB=$db cargo test -q -p plantdoc --test api -- "$crate::" 2>&1) || { echo "$out" | tail -40; fail "its tests fail on $db"; }
  grep -qE "test result: ok\. [1-9][0-9]* passed" <<<"$out" || { echo "$out" | tail -20; fail "no test of $id ran on $db"; }
  echo "new-module check: its API tests pass on $db ($(grep -oE '[0-9]+ passed' <<<"$out" | head -1))"
done

# Its remote builds; the binary serves its API, its remote and its page.
(cd "plugin-web/$id" && ../../node_modules/.bin/webpack --mode production >"$tmp/webpack.log" 2>&1) || { tail -20 "$tmp/webpack.log"; fail "its web remote does not build"; }
port=$(node -e 'const s=require("net").createServer().listen(0,()=>{console.log(s.address().port);s.close()})')
export PLANTDOC__RELEASE=$(sed -n "s|^config/releases/\(.*\)\.toml$|\1|p" <<<"$releases")
export PLANTDOC__DATABASE__URL="sqlite://$tmp/plant.db" PLANTDOC__STORAGE__DIR=$tmp/files
export PLANTDOC__SERVER__ADDR=127.0.0.1:$port PLANTDOC__SERVER__WEB_DIR=$root/host-web/dist
export PLANTDOC__SERVER__SECRET=new-module-check-secret-new-module PLANTDOC__LOG__LEVEL=warn
# curl keeps no __Host- (Secure) cookie from http://127.0.0.1: plain cookie names here.
export PLANTDOC__SERVER__SECURE_COOKIES=false
"$target/debug/plantdoc" seed demo >/dev/null
"$target/debug/plantdoc" serve >"$tmp/serve.log" 2>&1 &
server=$!
base=http://127.0.0.1:$port
for _ in $(seq 100); do curl -fs "$base/healthz" >/dev/null && break; sleep 0.2; done
jar=$tmp/cookies
curl -fs -c "$jar" -b "$jar" "$base/api/users/current" >/dev/null || true
csrf=$(awk '$6 ~ /csrf/ {print $7}' "$jar" | head -1)
code=$(curl -s -o /dev/null -w '%{http_code}' -c "$jar" -b "$jar" -H "x-csrf-token: $csrf" -H 'content-type: application/json' \
  -d '{"email":"manager.process@demo.plant","password":"Demo-Plant-2026"}' "$base/api/users/login")
[[ $code == 200 ]] || fail "demo sign-in answered $code"
get() { curl -s -o "$tmp/body" -w '%{http_code}' -b "$jar" "$base$1"; }
[[ $(get "/api/$id/items") == 200 && $(cat "$tmp/body") == '[]' ]] || fail "GET /api/$id/items: $(cat "$tmp/body")"
[[ $(get /api/modules) == 200 ]] && node -e '
  const m = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).modules.find((x) => x.id === process.argv[2]);
  if (!m || !m.enabled || m.remote.url !== `/remotes/${process.argv[2]}/remoteEntry.js`) process.exit(1);' "$tmp/body" "$id" ||
  fail "/api/modules does not list $id enabled with its remote"
[[ $(get "/remotes/$id/remoteEntry.js") == 200 ]] || fail "its remote is not served"
if [[ -f $root/host-web/dist/index.html ]]; then
  code=$(get "/main/$id")
  [[ $code == 200 ]] && grep -qE '<div id="?root' "$tmp/body" || fail "its page /main/$id answered $code without the shell"
fi
echo "new-module check: the binary serves /api/$id/items, /remotes/$id/remoteEntry.js and /main/$id"
