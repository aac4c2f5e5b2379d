#!/usr/bin/env bash
# Compiles the server and the contract into apps/server/dist
# (scripts/build-server.mjs); serialised so that parallel builds (tests) never clobber each other.
# With --if-stale it does nothing when dist is newer than every source and was built from the
# checkout's commit (dist/lib/build-info.json, shown by /healthz and `portal --version`).
set -euo pipefail
cd "$(dirname "$0")/.."
exec 9>/tmp/portal-build-server.lock
flock 9
if [ "${1:-}" = "--if-stale" ] && [ -f apps/server/dist/main.js ] &&
  [ -z "$(find apps/server/src packages/contract/src package.json -newer apps/server/dist/main.js -print -quit)" ] &&
  grep -qs "\"$(git rev-parse HEAD 2>/dev/null || echo unknown)\"" apps/server/dist/lib/build-info.json; then
  exit 0
fi
node scripts/build-server.mjs
