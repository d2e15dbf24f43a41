#!/usr/bin/env bash
# SCIM 2.0 conformance: scim2-tester (.ci/scim_check.py) against /scim/v2 of the real debug
# binary on a temporary SQLite plant with the demo seed, with an API token of scope scim
# made by a plant administrator. Any unexpected failed check fails `make test`.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BIN=${PLANTDOC_BIN:-$ROOT/target/debug/plantdoc}
PY=${PLANTDOC_SCIM_PY:-$(bash "$ROOT/.ci/deps.sh" --scim-path)}
dir=$(mktemp -d /tmp/plantdoc-scim.XXXXXX)
out="$ROOT/test-results"; mkdir -p "$out"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
url="http://127.0.0.1:$port"
export PLANTDOC__DATABASE__URL="sqlite://$dir/plantdoc.db" PLANTDOC__STORAGE__DIR="$dir/files" \
  PLANTDOC__SERVER__ADDR="127.0.0.1:$port" PLANTDOC__SERVER__PUBLIC_URL="$url" \
  PLANTDOC__LOG__LEVEL=warn PLANTDOC__SERVER__SECURE_COOKIES=false PLANTDOC__AUTH__IP_ATTEMPTS_PER_MINUTE=100000 \
  PLANTDOC__AUTH__TOKEN_REQUESTS_PER_MINUTE=100000
(cd "$ROOT" && "$BIN" seed demo >/dev/null)
(cd "$ROOT" && "$BIN" user plant-admin manager.quality@demo.plant on >/dev/null)
(cd "$ROOT" && exec "$BIN" serve >"$dir/server.log" 2>&1) &
pid=$!
cleanup() { kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; rm -rf "$dir"; }
trap cleanup EXIT
for _ in $(seq 200); do curl -fs "$url/healthz" >/dev/null && break; sleep 0.1; done
cookie() { grep -o "$1=[^;]*" "$2" | head -1 | cut -d= -f2-; }
curl -fs -D "$dir/h0" -o /dev/null "$url/healthz"
anon_csrf=$(cookie plantdoc_csrf "$dir/h0")
curl -sS -D "$dir/h1" -o /dev/null -H "content-type: application/json" -H "x-csrf-token: $anon_csrf" \
  -H "cookie: plantdoc_csrf=$anon_csrf" --data '{"email":"manager.quality@demo.plant","password":"Demo-Plant-2026"}' "$url/api/users/login"
session=$(cookie plantdoc_session "$dir/h1"); csrf=$(cookie plantdoc_csrf "$dir/h1")
token=$(curl -fsS -H "content-type: application/json" -H "x-csrf-token: $csrf" \
  -H "cookie: plantdoc_session=$session; plantdoc_csrf=$csrf" \
  --data '{"name":"scim2-tester","scopes":["scim"],"expiresInDays":1}' \
  "$url/api/tokens" | python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])') || { echo "no API token"; exit 1; }
t0=$SECONDS
status=0
"$PY" "$ROOT/.ci/scim_check.py" "$url" "$token" >"$out/scim2-tester.txt" 2>&1 || status=1
tail -3 "$out/scim2-tester.txt"; grep "^FAIL" "$out/scim2-tester.txt" | head -30 || true
echo "scim2-tester: $(( SECONDS - t0 )) s, exit $status"
if grep -q "panicked\|internal error" "$dir/server.log"; then
  echo "server log has internal errors:"; grep "panicked\|internal error" "$dir/server.log" | head -20; status=1
fi
exit $status
