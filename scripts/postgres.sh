#!/usr/bin/env bash
# A throwaway PostgreSQL 15 cluster (Debian's postgresql-15) for tests and trying team mode:
# made in a temporary directory, listening on 127.0.0.1 only, trusted local logins, no system
# service. Prints the database URL to use.
#
#   scripts/postgres.sh start [PORT]   make and start a cluster (default: a free port); prints its URL
#   scripts/postgres.sh stop           stop it and remove its directory
#   scripts/postgres.sh url            print the URL of the running cluster
#
# The cluster's directory is recorded in var/postgres.dir. As root, the server runs as the
# unprivileged `postgres` user that the Debian package makes (PostgreSQL refuses root).
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
STATE="$ROOT/var/postgres.dir"
BIN="${PG_BIN:-/usr/lib/postgresql/15/bin}"
USER_NAME="triage"

as_owner() {
  if [ "$(id -u)" = "0" ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

case "${1:-}" in
  start)
    PORT="${2:-$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")}"
    if [ ! -x "$BIN/initdb" ]; then
      echo "PostgreSQL 15 is not installed ($BIN/initdb is missing): apt-get install -y postgresql-15" >&2
      exit 1
    fi
    if [ -f "$STATE" ] && [ -d "$(cat "$STATE")" ]; then
      echo "A cluster is already running from $(cat "$STATE"); stop it first (scripts/postgres.sh stop)." >&2
      exit 1
    fi
    DIR="$(mktemp -d /tmp/triage-postgres.XXXXXX)"
    chmod 755 "$DIR"
    [ "$(id -u)" = "0" ] && chown postgres "$DIR"
    as_owner "$BIN/initdb" -D "$DIR/data" -U "$USER_NAME" --auth=trust --encoding=UTF8 --locale=C.UTF-8 >"$DIR/initdb.log" 2>&1 || {
      cat "$DIR/initdb.log" >&2
      exit 1
    }
    as_owner "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w -t 30 \
      -o "-c listen_addresses=127.0.0.1 -p $PORT -k $DIR -c max_connections=200 -c fsync=on" start >/dev/null || {
      cat "$DIR/server.log" >&2
      exit 1
    }
    mkdir -p "$(dirname "$STATE")"
    echo "$DIR" >"$STATE"
    echo "$PORT" >"$DIR/port"
    echo "postgres://$USER_NAME@127.0.0.1:$PORT/postgres"
    ;;
  stop)
    [ -f "$STATE" ] || exit 0
    DIR="$(cat "$STATE")"
    if [ -d "$DIR/data" ]; then as_owner "$BIN/pg_ctl" -D "$DIR/data" -m fast -w stop >/dev/null 2>&1 || true; fi
    rm -rf "$DIR" "$STATE"
    ;;
  url)
    [ -f "$STATE" ] || { echo "No cluster is running (scripts/postgres.sh start)." >&2; exit 1; }
    echo "postgres://$USER_NAME@127.0.0.1:$(cat "$(cat "$STATE")/port")/postgres"
    ;;
  *)
    echo "Usage: scripts/postgres.sh start [PORT] | stop | url" >&2
    exit 2
    ;;
esac
