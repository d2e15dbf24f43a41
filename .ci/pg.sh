#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the test suite, from the machine's binaries.
#   .ci/pg.sh start DIR   → prints the admin URL (postgres://postgres@127.0.0.1:PORT/postgres)
#   .ci/pg.sh stop DIR
# Installs Debian's postgresql package when the server binaries are missing.
set -euo pipefail
cmd=${1:?start|stop}
dir=${2:?data folder}
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n1 || true)
if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
  echo "installing postgresql…" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2 && apt-get install -y -qq postgresql >&2
  bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n1)
fi
as_pg() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
case "$cmd" in
  start)
    port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
    mkdir -p "$dir"
    [ "$(id -u)" = 0 ] && chown postgres "$dir"
    as_pg "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 >"$dir/initdb.log" 2>&1
    # fsync off: a throwaway cluster, and the suite creates hundreds of databases.
    as_pg "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
      -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=400" start >&2
    echo "postgres://postgres@127.0.0.1:$port/postgres"
    ;;
  stop)
    as_pg "$bin/pg_ctl" -D "$dir/data" -m immediate stop >&2 || true
    ;;
  *) echo "usage: $0 start|stop DIR" >&2; exit 2 ;;
esac
