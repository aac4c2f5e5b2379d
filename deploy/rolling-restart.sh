#!/bin/sh
# /usr/local/sbin/portal-rolling-restart — restart the web processes one at a time (after an
# upgrade): each is stopped (it drains: /readyz 503, in-flight requests finish; new connections
# wait on its socket, portal-web@.socket) and started, and the next one only once this one answers
# /readyz 200 — nginx always has one answering.
#   portal-rolling-restart 8081 8082
set -eu
[ $# -gt 0 ] || { echo "usage: $0 PORT..." >&2; exit 2; }
for port in "$@"; do
  systemctl restart "portal-web@$port"
  tries=0
  until curl -fsS -m 5 -o /dev/null "http://127.0.0.1:$port/readyz?only=database"; do
    tries=$((tries + 1))
    [ "$tries" -lt 120 ] || { echo "portal-web@$port not ready after 60 s" >&2; exit 1; }
    sleep 0.5
  done
  # Let nginx's fail_timeout for this process pass before taking the next one away.
  sleep 5
  echo "portal-web@$port ready"
done
systemctl restart portal-worker
