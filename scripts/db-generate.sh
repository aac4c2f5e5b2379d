#!/usr/bin/env bash
# Regenerates the migration from apps/server/src/db/schema/*.ts. Until the first release the
# schema is one initial migration; after it, drop the `rm` and let drizzle-kit add new ones.
set -euo pipefail
cd "$(dirname "$0")/.."
exec 9>/tmp/portal-db-generate.lock
flock 9
rm -rf apps/server/drizzle
npx drizzle-kit generate --config apps/server/drizzle.config.ts --name init
