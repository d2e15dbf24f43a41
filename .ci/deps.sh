#!/usr/bin/env bash
# Installs what the test suites need, when missing: Debian packages (PostgreSQL server,
# Chromium, qpdf, poppler-utils, zbar-tools), Python's aiosmtpd (SMTP catcher), s3s-fs (S3-compatible server),
# npm's oidc-provider (web-tests/oidc: the OpenID provider of the single sign-on tests).
set -euo pipefail
# schemathesis (API contract fuzzing), pinned, in a venv under the user's cache folder.
ST_VERSION=4.32.5
ST_VENV="${XDG_CACHE_HOME:-$HOME/.cache}/plantdoc/schemathesis-$ST_VERSION"
if [ "${1:-}" = "--st-path" ]; then echo "$ST_VENV/bin/st"; exit 0; fi
# scim2-tester (SCIM 2.0 conformance of /scim/v2: .ci/scim.sh), pinned, in its own venv.
SCIM_VERSION=0.5.2
SCIM_VENV="${XDG_CACHE_HOME:-$HOME/.cache}/plantdoc/scim2-tester-$SCIM_VERSION"
if [ "${1:-}" = "--scim-path" ]; then echo "$SCIM_VENV/bin/python"; exit 0; fi
need_apt=()
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need_apt+=(postgresql)
[ -x /usr/bin/chromium ] || need_apt+=(chromium)
command -v qpdf >/dev/null || need_apt+=(qpdf)
command -v pdftotext >/dev/null || need_apt+=(poppler-utils)
command -v zbarimg >/dev/null || need_apt+=(zbar-tools) # reads the controlled copies' QR codes back
command -v cc >/dev/null || need_apt+=(gcc)
if [ ${#need_apt[@]} -gt 0 ]; then
  echo "installing ${need_apt[*]}…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi
python3 -c 'import aiosmtpd' 2>/dev/null || pip install -q aiosmtpd
if ! command -v s3s-fs >/dev/null && [ ! -x "$HOME/.cargo/bin/s3s-fs" ]; then
  echo "installing s3s-fs (S3-compatible test server)…"
  cargo install s3s-fs@0.14.1 --locked --features binary --quiet
fi
if [ ! -x "$ST_VENV/bin/st" ]; then
  echo "installing schemathesis $ST_VERSION…"
  command -v curl >/dev/null || { apt-get update -qq && apt-get install -y -qq curl >/dev/null; }
  python3 -m venv "$ST_VENV" 2>/dev/null || { apt-get update -qq && apt-get install -y -qq python3-venv >/dev/null && python3 -m venv "$ST_VENV"; }
  "$ST_VENV/bin/pip" install -q "schemathesis==$ST_VERSION"
fi
if [ ! -x "$SCIM_VENV/bin/python" ] || ! "$SCIM_VENV/bin/python" -c 'import scim2_tester, httpx2' 2>/dev/null; then
  echo "installing scim2-tester $SCIM_VERSION…"
  python3 -m venv "$SCIM_VENV" 2>/dev/null || { apt-get update -qq && apt-get install -y -qq python3-venv >/dev/null && python3 -m venv "$SCIM_VENV"; }
  "$SCIM_VENV/bin/pip" install -q "scim2-tester[httpx2]==$SCIM_VERSION"
fi
# The real OpenID provider of the single sign-on tests (web-tests/oidc, npm's oidc-provider).
oidc_dir="$(cd "$(dirname "$0")/.." && pwd)/web-tests/oidc"
if [ ! -d "$oidc_dir/node_modules/oidc-provider" ] || [ "$oidc_dir/package-lock.json" -nt "$oidc_dir/node_modules/.package-lock.json" ]; then
  echo "installing the test OpenID provider…"
  npm ci --prefix "$oidc_dir" --no-audit --no-fund --silent
fi
echo "test dependencies present"
