#!/usr/bin/env bash
# The API contract under schemathesis: the real debug binary on a temporary SQLite plant
# with the demo seed, fuzzed from its own /api/openapi.json with every check, once signed
# in (a manager: session cookie + X-CSRF-Token) and once anonymous (only the anonymous
# double-submit CSRF pair), then with an API token of every scope on the routes that take one
# (Authorization: Bearer, no cookie, no CSRF). Fixed seed and a small number of cases per operation keep it
# to a few minutes; any failure fails `make test`. Prints the server's peak RSS.
# PLANTDOC_ST_OIDC=1: with `[auth.oidc]` set against the test provider (web-tests/oidc).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BIN=${PLANTDOC_BIN:-$ROOT/target/debug/plantdoc}
ST=${PLANTDOC_ST:-$(bash "$ROOT/.ci/deps.sh" --st-path)}
EXAMPLES=${ST_EXAMPLES:-10}
dir=$(mktemp -d /tmp/plantdoc-st.XXXXXX)
out="$ROOT/test-results"; mkdir -p "$out"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
url="http://127.0.0.1:$port"
export PLANTDOC__DATABASE__URL="sqlite://$dir/plantdoc.db" PLANTDOC__STORAGE__DIR="$dir/files" \
  PLANTDOC__SERVER__ADDR="127.0.0.1:$port" PLANTDOC__SERVER__PUBLIC_URL="$url" \
  PLANTDOC__LOG__LEVEL=${ST_LOG:-warn} PLANTDOC__SERVER__SECURE_COOKIES=false PLANTDOC__AUTH__IP_ATTEMPTS_PER_MINUTE=100000 \
  PLANTDOC__AUTH__TOKEN_REQUESTS_PER_MINUTE=100000
oidc_pid=
if [ "${PLANTDOC_ST_OIDC:-}" = 1 ]; then
  # With single sign-on set up (its two routes mounted), against the API tests' real
  # provider (web-tests/oidc); it exits when its standard input (held on fd 9) closes.
  mkfifo "$dir/oidc.in"
  (cd "$ROOT/web-tests/oidc" && OIDC_REDIRECT_URIS="$url/api/auth/oidc/callback" exec node provider.mjs <"$dir/oidc.in" >"$dir/oidc.out" 2>"$dir/oidc.log") &
  oidc_pid=$!
  exec 9>"$dir/oidc.in"
  for _ in $(seq 100); do grep -q READY "$dir/oidc.out" 2>/dev/null && break; sleep 0.1; done
  oidc_port=$(awk '/READY/ {print $2}' "$dir/oidc.out")
  [ -n "$oidc_port" ] || { echo "the test OpenID provider did not start: $(cat "$dir/oidc.log")"; exit 1; }
  export PLANTDOC__AUTH__OIDC__ISSUER="http://127.0.0.1:$oidc_port" PLANTDOC__AUTH__OIDC__CLIENT_ID=plantdoc \
    PLANTDOC__AUTH__OIDC__CLIENT_SECRET=test-secret PLANTDOC__AUTH__OIDC__LABEL="Test IdP"
  echo "schemathesis: with [auth.oidc] (test provider on port $oidc_port)"
fi
(cd "$ROOT" && "$BIN" seed demo >/dev/null)
# The token's maker: a plant administrator other than the signed-in run's manager (whose
# fuzzing must not switch modules off).
(cd "$ROOT" && "$BIN" user plant-admin manager.quality@demo.plant on >/dev/null)
(cd "$ROOT" && exec "$BIN" serve >"$dir/server.log" 2>&1) &
pid=$!
cleanup() {
  kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true
  if [ -n "$oidc_pid" ]; then kill "$oidc_pid" 2>/dev/null || true; wait "$oidc_pid" 2>/dev/null || true; fi
  [ -n "${ST_KEEP_LOG:-}" ] && cp "$dir/server.log" "$ST_KEEP_LOG"; rm -rf "$dir"
}
trap cleanup EXIT
for _ in $(seq 200); do curl -fs "$url/healthz" >/dev/null && break; sleep 0.1; done

cookie() { grep -o "$1=[^;]*" "$2" | head -1 | cut -d= -f2-; }
# Anonymous: the CSRF cookie every client gets, echoed in the header.
curl -fs -D "$dir/h0" -o /dev/null "$url/healthz"
anon_csrf=$(cookie plantdoc_csrf "$dir/h0")
# Signed in as a manager: the session's own CSRF token.
curl -sS -D "$dir/h1" -o "$dir/login.json" -H "content-type: application/json" -H "x-csrf-token: $anon_csrf" \
  -H "cookie: plantdoc_csrf=$anon_csrf" --data '{"email":"manager.process@demo.plant","password":"Demo-Plant-2026"}' "$url/api/users/login"
session=$(cookie plantdoc_session "$dir/h1") || { echo "sign-in failed: $(head -1 "$dir/h1") $(cat "$dir/login.json")"; exit 1; }
csrf=$(cookie plantdoc_csrf "$dir/h1")
# An API token of every scope, made by the plant administrator.
curl -sS -D "$dir/h2" -o /dev/null -H "content-type: application/json" -H "x-csrf-token: $anon_csrf" \
  -H "cookie: plantdoc_csrf=$anon_csrf" --data '{"email":"manager.quality@demo.plant","password":"Demo-Plant-2026"}' "$url/api/users/login"
admin_session=$(cookie plantdoc_session "$dir/h2"); admin_csrf=$(cookie plantdoc_csrf "$dir/h2")
token=$(curl -fsS -H "content-type: application/json" -H "x-csrf-token: $admin_csrf" \
  -H "cookie: plantdoc_session=$admin_session; plantdoc_csrf=$admin_csrf" \
  --data '{"name":"schemathesis","scopes":["documents:read","signatures:read","readiness:read","users:write","scim","webhooks","metrics"],"expiresInDays":1}' \
  "$url/api/tokens" | python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])') || { echo "no API token"; exit 1; }

run() {
  local name=$1; shift
  echo "== schemathesis ($name)"
  local t0=$SECONDS
  "$ST" --config-file "$ROOT/.ci/schemathesis.toml" run "$url/api/openapi.json" --checks all --seed 1 --max-examples "$EXAMPLES" --workers 1 \
    --generation-database none --generation-with-security-parameters false --no-color \
    --suppress-health-check all --request-timeout 20 "$@" 2>&1 | tee "$out/schemathesis-$name.txt" | grep -v '^ *$' | tail -40
  local rc=${PIPESTATUS[0]}
  echo "schemathesis ($name): $(( SECONDS - t0 )) s, exit $rc"
  return "$rc"
}
status=0
# The token first (the signed-in run's manager may revoke every token it lists): only the
# operations whose security names bearerAuth take one (the rest answer 403).
scoped=$(curl -fsS "$url/api/openapi.json" | python3 -c 'import json,re,sys
d=json.load(sys.stdin); ps=[p for p,ops in d["paths"].items() if any("bearerAuth" in str(o.get("security")) for o in ops.values())]
print("^(" + "|".join(re.sub(r"\\{[^}]+\\}", "[^/]+", re.escape(p)) for p in ps) + ")$")')
run token -H "Authorization: Bearer $token" --include-path-regex "$scoped" || status=1
# Sign-out and the netbook's revoke would end the run's own session: fuzzed anonymously only.
run signed-in -H "Cookie: plantdoc_session=$session; plantdoc_csrf=$csrf" -H "X-CSRF-Token: $csrf" \
  --exclude-path /api/users/logout --exclude-path /api/island/revoke || status=1
run anonymous -H "Cookie: plantdoc_csrf=$anon_csrf" -H "X-CSRF-Token: $anon_csrf" || status=1
echo "schemathesis: server peak RSS $(awk '/VmHWM/ {printf "%d MB", $2/1024}' /proc/$pid/status), CPU $(awk -v hz="$(getconf CLK_TCK)" '{printf "%d s", ($14 + $15) / hz}' /proc/$pid/stat)"
if grep -q "panicked\|internal error" "$dir/server.log"; then
  echo "server log has internal errors:"; grep "panicked\|internal error" "$dir/server.log" | head -20; status=1
fi
exit $status
