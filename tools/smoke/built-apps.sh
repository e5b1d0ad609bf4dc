#!/usr/bin/env bash
# Smoke test of the built output, the way the README runs it: build the three apps, start them
# with `node tools/dev/run-all.js` on a throw-away database (migrated first by `migrate.js`, as
# `npm run db:migrate` does), wait for every /readyz to answer 200,
# move the shared test clock and run one scheduler pass through the api, then stop everything.
set -euo pipefail
cd "$(dirname "$0")/../.."

db="test_smoke_$$"
work=$(mktemp -d)
export NODE_ENV=test TEST_CLOCK=enabled LOG_LEVEL=warn
export DATABASE_URL="postgres://postgres@127.0.0.1:5432/$db"
export REDIS_PREFIX="test-smoke-$$" PORT=3190 SCHEDULER_PORT=3191 DISPATCHER_PORT=3192 METRICS_PORT=3193
export STORAGE_DIR="$work/storage" MAIL_OUTBOX_DIR="$work/mail"

pid=""
cleanup() {
  [ -n "$pid" ] && kill -TERM "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true
  psql -h 127.0.0.1 -U postgres -q -c "DROP DATABASE IF EXISTS $db WITH (FORCE)" postgres >/dev/null 2>&1 || true
  redis-cli -h 127.0.0.1 --scan --pattern "$REDIS_PREFIX:*" | xargs -r redis-cli -h 127.0.0.1 del >/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

npm run build --silent
node tools/dev/ensure-database.js
migrated=$(node dist/apps/api/migrate.js)
echo "smoke: db:migrate on a fresh database: $migrated"
echo "$migrated" | grep -q '^applied: ' || { echo "smoke: migrate applied nothing" >&2; exit 1; }
[ "$(node dist/apps/api/migrate.js)" = "database is up to date" ] || { echo "smoke: second migrate was not a no-op" >&2; exit 1; }
node tools/dev/run-all.js > "$work/apps.log" 2>&1 &
pid=$!

ready() { curl -fsS "http://127.0.0.1:$1/readyz" >/dev/null 2>&1; }
for port in $PORT $SCHEDULER_PORT $DISPATCHER_PORT; do
  for _ in $(seq 1 150); do ready "$port" && break; sleep 0.2; done
  if ! ready "$port"; then
    echo "smoke: /readyz on port $port never answered 200" >&2
    tail -n 40 "$work/apps.log" >&2
    exit 1
  fi
done
echo "smoke: api, scheduler and webhook-dispatcher are ready"

curl -fsS "http://127.0.0.1:$PORT/v1/openapi.json" | grep -q '"openapi":"3.1.0"'
# The owner dashboard, built with the apps and served by the api at its root (APP_URL's default).
curl -fsS "http://127.0.0.1:$PORT/intakes" | grep -q '<meta name="csp-nonce" content="[A-Za-z0-9+/]' ||
  { echo "smoke: the api does not serve the owner dashboard at /" >&2; exit 1; }
echo "smoke: the api serves the owner dashboard"
curl -fsS -X POST -H 'content-type: application/json' -d '{"now":"2031-01-01T08:00:00Z"}' "http://127.0.0.1:$PORT/_test/clock" | grep -q '2031-01-01T08:00:00.000Z'
tick=$(curl -fsS -X POST "http://127.0.0.1:$PORT/_test/tick")
echo "$tick" | grep -q '"now":"2031-01-01T08:00' || { echo "smoke: unexpected tick answer $tick" >&2; exit 1; }
echo "smoke: the scheduler ran a pass at the shared clock's time: $tick"
for port in $METRICS_PORT $SCHEDULER_PORT $DISPATCHER_PORT; do
  curl -fsS -o "$work/metrics.txt" "http://127.0.0.1:$port/metrics"
  grep -q '^intake_db_pool_connections{' "$work/metrics.txt" ||
    { echo "smoke: GET /metrics on port $port has no intake_db_pool_connections" >&2; exit 1; }
done
echo "smoke: GET /metrics answers on the api's metrics port and the workers' ports"
