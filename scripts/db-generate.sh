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
# The new file joins the frozen list (apps/server/src/db/upgrade.test.ts checks it). Edit the
# generated SQL before it is committed, then update its line: once released it never changes.
cd apps/server/drizzle
for f in *.sql; do
  grep -q "  $f\$" migrations.sha256 || sha256sum "$f" >> migrations.sha256
done
