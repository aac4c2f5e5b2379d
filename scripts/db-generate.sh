#!/usr/bin/env bash
# Adds a migration for the changes made to apps/server/src/db/schema/*.ts since the last one:
# `npm run db:generate -- NAME`. Migrations that exist are frozen (databases created from them
# must upgrade): every schema change is a new file, never a regenerated one.
set -euo pipefail
cd "$(dirname "$0")/.."
NAME=${1:?usage: npm run db:generate -- NAME (a short snake_case name for the change)}
exec 9>/tmp/portal-db-generate.lock
flock 9
npx drizzle-kit generate --config apps/server/drizzle.config.ts --name "$NAME"
