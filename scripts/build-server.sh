#!/usr/bin/env bash
# Compiles the server and the contract into apps/server/dist and packages/contract/dist
# (scripts/build-server.mjs); serialised so that parallel builds (tests) never clobber each other.
# With --if-stale it does nothing when dist is newer than every source.
set -euo pipefail
cd "$(dirname "$0")/.."
exec 9>/tmp/portal-build-server.lock
flock 9
if [ "${1:-}" = "--if-stale" ] && [ -f apps/server/dist/main.js ] &&
  [ -z "$(find apps/server/src packages/contract/src package.json -newer apps/server/dist/main.js -print -quit)" ]; then
  exit 0
fi
node scripts/build-server.mjs
