#!/usr/bin/env bash
# A throwaway PostgreSQL server on 127.0.0.1 for the integration suite and the scale-out test.
#   scripts/postgres.sh start   → prints the URL (postgresql://portal@127.0.0.1:PORT/postgres)
#   scripts/postgres.sh stop
# Uses Debian's PostgreSQL binaries (apt-get install postgresql); exits 3 when none are installed.
set -euo pipefail
PORT="${PG_TEST_PORT:-55432}"
DIR="/tmp/portal-pg-$PORT"
BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
[ -n "$BIN" ] && [ -x "$BIN/initdb" ] || { echo "PostgreSQL is not installed" >&2; exit 3; }

as_pg() {
  if [ "$(id -u)" = "0" ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

case "${1:-}" in
  start)
    if [ -f "$DIR/postmaster.pid" ]; then as_pg "$BIN/pg_ctl" -D "$DIR" -m immediate stop >/dev/null 2>&1 || true; fi
    rm -rf "$DIR"
    mkdir -p "$DIR"
    [ "$(id -u)" = "0" ] && chown postgres "$DIR"
    as_pg "$BIN/initdb" -D "$DIR" -A trust -U portal >/dev/null
    as_pg "$BIN/pg_ctl" -D "$DIR" -l "$DIR/server.log" -w \
      -o "-p $PORT -k $DIR -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=off" start >/dev/null
    echo "postgresql://portal@127.0.0.1:$PORT/postgres"
    ;;
  stop)
    [ -d "$DIR" ] && as_pg "$BIN/pg_ctl" -D "$DIR" -m fast stop >/dev/null 2>&1 || true
    rm -rf "$DIR"
    ;;
  *) echo "usage: $0 start|stop" >&2; exit 2 ;;
esac
