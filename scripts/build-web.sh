#!/usr/bin/env bash
# Builds the SPA into apps/web/dist; serialised so parallel builds never clobber each other.
set -euo pipefail
cd "$(dirname "$0")/.."
exec 9>/tmp/portal-build-web.lock
flock 9
npm run build -w apps/web --silent
