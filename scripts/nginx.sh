#!/usr/bin/env bash
# Debian's nginx in front of several instances of the feedback service, for tests and trying
# team mode: runs docs/self-hosting/nginx.conf (the configuration docs/self-hosting.md gives)
# with its ports filled in, unprivileged, from a temporary directory (its own prefix, pid file,
# logs and temp files); no system service.
#
#   scripts/nginx.sh start LISTEN_PORT PORT_1 PORT_2 [...]   start it; prints the balancer's URL
#   scripts/nginx.sh stop                                    stop it and remove its directory
#   scripts/nginx.sh dir                                     print its directory (logs/access.log)
#
# The directory is recorded in var/nginx.dir, or in the file NGINX_STATE names (a test's own).
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
STATE="${NGINX_STATE:-$ROOT/var/nginx.dir}"
NGINX="${NGINX_BIN:-$(command -v nginx || echo /usr/sbin/nginx)}"
SITE="$ROOT/docs/self-hosting/nginx.conf"

case "${1:-}" in
  start)
    shift
    if (($# < 2)); then echo "Usage: scripts/nginx.sh start LISTEN_PORT PORT_1 [PORT_2 ...]" >&2; exit 2; fi
    if [ ! -x "$NGINX" ]; then echo "nginx is not installed ($NGINX is missing): apt-get install -y nginx" >&2; exit 1; fi
    if [ -f "$STATE" ] && [ -d "$(cat "$STATE")" ]; then
      echo "nginx is already running from $(cat "$STATE"); stop it first (scripts/nginx.sh stop)." >&2
      exit 1
    fi
    LISTEN="$1"; shift
    for p in "$LISTEN" "$@"; do [[ $p =~ ^[0-9]{1,5}$ ]] || { echo "Ports are whole numbers, not \"$p\"." >&2; exit 2; }; done
    lines=$(grep -cE '^\s*server .*@PORT_[0-9]+@' "$SITE")
    if (($# != lines)); then echo "$SITE has $lines instance lines; give as many ports, not $#." >&2; exit 2; fi
    DIR="$(mktemp -d /tmp/triage-nginx.XXXXXX)"
    # Run as root, nginx's workers are `nobody`: they must reach the temp files under it.
    chmod 755 "$DIR"
    mkdir -p "$DIR/logs" "$DIR/temp"
    site=$(sed "s/@LISTEN_PORT@/$LISTEN/" "$SITE")
    i=1
    for p in "$@"; do site=${site//@PORT_$i@/$p}; i=$((i + 1)); done
    printf '%s\n' "$site" >"$DIR/feedback.conf"
    # The main configuration a Debian install has in /etc/nginx/nginx.conf, reduced to what a
    # prefix of its own needs. $upstream_addr in the log says which instance answered.
    cat >"$DIR/nginx.conf" <<CONF
worker_processes 1;
pid $DIR/nginx.pid;
error_log $DIR/logs/error.log warn;
events { worker_connections 1024; }
http {
    access_log $DIR/logs/access.log combined_upstream;
    client_body_temp_path $DIR/temp/body;
    proxy_temp_path $DIR/temp/proxy;
    fastcgi_temp_path $DIR/temp/fastcgi;
    uwsgi_temp_path $DIR/temp/uwsgi;
    scgi_temp_path $DIR/temp/scgi;
    include $DIR/feedback.conf;
}
CONF
    # log_format must come before its use.
    sed -i "s|^http {|http {\n    log_format combined_upstream '\$remote_addr \"\$request\" \$status upstream=\$upstream_addr upstream_status=\$upstream_status';|" "$DIR/nginx.conf"
    if ! "$NGINX" -p "$DIR" -c "$DIR/nginx.conf" -e "$DIR/logs/error.log" -t >"$DIR/test.log" 2>&1; then
      cat "$DIR/test.log" >&2; rm -rf "$DIR"; exit 1
    fi
    "$NGINX" -p "$DIR" -c "$DIR/nginx.conf" -e "$DIR/logs/error.log" || { cat "$DIR/logs/error.log" >&2; rm -rf "$DIR"; exit 1; }
    for _ in $(seq 50); do [ -s "$DIR/nginx.pid" ] && break; sleep 0.1; done
    [ -s "$DIR/nginx.pid" ] || { echo "nginx did not start:" >&2; cat "$DIR/logs/error.log" >&2; rm -rf "$DIR"; exit 1; }
    mkdir -p "$(dirname "$STATE")"
    echo "$DIR" >"$STATE"
    echo "http://127.0.0.1:$LISTEN"
    ;;
  stop)
    [ -f "$STATE" ] || exit 0
    DIR="$(cat "$STATE")"
    if [ -s "$DIR/nginx.pid" ]; then
      pid=$(cat "$DIR/nginx.pid")
      kill -TERM "$pid" 2>/dev/null || true
      for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
      kill -KILL "$pid" 2>/dev/null || true
    fi
    rm -rf "$DIR" "$STATE"
    ;;
  dir)
    [ -f "$STATE" ] || { echo "nginx is not running (scripts/nginx.sh start)." >&2; exit 1; }
    cat "$STATE"
    ;;
  *)
    echo "Usage: scripts/nginx.sh start LISTEN_PORT PORT_1 [PORT_2 ...] | stop | dir" >&2
    exit 2
    ;;
esac
