#!/usr/bin/env bash
# The container proof (issue #17): build the three images with podman from docker/Dockerfile.*
# on the local Node 24 base (tools/containers/base-image.sh), run the migration as a one-shot
# container against the local PostgreSQL, start api, scheduler and webhook-dispatcher, wait for
# /readyz on each, then through the api container: sign up, make an API key, register a webhook,
# create an intake — its invitation must reach the SMTP sink (sent by the scheduler container) —
# and archive it — the intake.archived webhook must reach the local receiver (posted by the
# dispatcher container). Prints each image's size and user; tears everything down on exit.
#
#   bash tools/containers/prove.sh            # builds the apps on the host first (npm run build)
#   bash tools/containers/prove.sh --no-build # reuses dist/apps (.ci/run: the smoke step built it)
#   APP_SOURCE=build bash tools/containers/prove.sh   # compile inside the images (slow, ~10 min)
#
# Containers share the host's network (--network host): PostgreSQL and Redis answer on loopback.
# They run with a read-only root file system, /tmp and /app/var on tmpfs, as the image's user.
# NODE_ENV=development only because the webhook receiver is on loopback, which
# WEBHOOK_ALLOW_PRIVATE_NETWORKS permits outside production alone.
set -euo pipefail
cd "$(dirname "$0")/../.."
export CONTAINERS_CONF="${CONTAINERS_CONF:-$PWD/tools/containers/containers.conf}"

started=$(date +%s)
say() { printf 'prove: [%3ss] %s\n' "$(( $(date +%s) - started ))" "$*"; }
fail() { say "FAILED: $*" >&2; exit 1; }
APPS=(api scheduler webhook-dispatcher)
APP_SOURCE="${APP_SOURCE:-prebuilt}"
TAG="${PROVE_TAG:-proof}"
LIMIT_MB="${IMAGE_LIMIT_MB:-250}"

run=$$
db="prove_containers_$run"
prefix="prove-containers-$run"
PORT=${PROVE_PORT:-3290}; SCHEDULER_PORT=$((PORT + 1)); DISPATCHER_PORT=$((PORT + 2))
SMTP_PORT=$((PORT + 5)); HOOK_PORT=$((PORT + 6))
work=$(mktemp -d)
sinks=""
containers=()

cleanup() {
  local code=$?
  if [ "$code" -ne 0 ]; then
    for name in "${containers[@]}"; do
      echo "---- last log lines of $name" >&2
      podman logs --tail 30 "$name" >&2 2>&1 || true
    done
    [ -f "$work/sinks.log" ] && { echo "---- sinks" >&2; tail -n 20 "$work/sinks.log" >&2; }
  fi
  for name in "${containers[@]}"; do podman rm -f -t 10 "$name" >/dev/null 2>&1 || true; done
  [ -n "$sinks" ] && kill -TERM "$sinks" 2>/dev/null || true
  psql -h 127.0.0.1 -U postgres -q -c "DROP DATABASE IF EXISTS $db WITH (FORCE)" postgres >/dev/null 2>&1 || true
  redis-cli -h 127.0.0.1 --scan --pattern "$prefix:*" | xargs -r redis-cli -h 127.0.0.1 del >/dev/null 2>&1 || true
  rm -rf "$work"
  [ "$code" -eq 0 ] && say "torn down: containers removed, database $db dropped, Redis keys $prefix:* deleted"
  exit "$code"
}
trap cleanup EXIT

command -v podman >/dev/null || fail "podman is not installed (tools/dev/services.sh installs it)"
say "podman $(podman --version | awk '{print $3}') with $(podman info --format '{{.Host.OCIRuntime.Name}}'), load average $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores"

bash tools/containers/base-image.sh 2>&1 | sed 's/^/prove: /'

if [ "$APP_SOURCE" = prebuilt ]; then
  if [ "${1:-}" != --no-build ]; then
    say "npm run build (the apps the images copy)"
    npm run build --silent >"$work/build.log" 2>&1 || { tail -n 30 "$work/build.log" >&2; fail "npm run build"; }
  fi
  for app in "${APPS[@]}"; do [ -f "dist/apps/$app/main.js" ] || fail "dist/apps/$app/main.js is missing: run npm run build"; done
  context_args=(--ignorefile tools/containers/prebuilt.dockerignore)
else
  context_args=()
fi

for app in "${APPS[@]}"; do
  t0=$(date +%s)
  podman build --quiet --pull=never --network host --build-arg "APP_SOURCE=$APP_SOURCE" "${context_args[@]}" \
    -f "docker/Dockerfile.$app" -t "localhost/intake-$app:$TAG" . >"$work/build-$app.log" 2>&1 \
    || { tail -n 40 "$work/build-$app.log" >&2; fail "podman build of $app"; }
  size=$(podman image inspect --format '{{.Size}}' "localhost/intake-$app:$TAG")
  mb=$(( size / 1000000 ))
  user=$(podman image inspect --format '{{.Config.User}}' "localhost/intake-$app:$TAG")
  uid=$(podman run --rm --pull=never --network none "localhost/intake-$app:$TAG" id -u)
  devdeps=$(podman run --rm --pull=never --network none "localhost/intake-$app:$TAG" sh -c 'n=0; for p in jest typescript nx @nx eslint prettier @swc/core @swc/jest ts-node; do [ -e "node_modules/$p" ] && n=$((n + 1)); done; echo "$n"')
  say "image intake-$app:$TAG built in $(( $(date +%s) - t0 )) s: ${mb} MB, user $user (uid $uid), dev packages in node_modules: $devdeps"
  [ "$uid" != 0 ] || fail "intake-$app runs as root"
  [ "$devdeps" = 0 ] || fail "intake-$app holds development packages"
  [ "$mb" -lt "$LIMIT_MB" ] || say "WARNING: intake-$app is ${mb} MB, over the ${LIMIT_MB} MB target"
done

export DATABASE_URL="postgres://postgres@127.0.0.1:5432/$db"
node tools/dev/ensure-database.js >/dev/null
common=(--pull=never --network host --read-only --tmpfs /tmp --tmpfs /app/var:rw,U
  -e NODE_ENV=development -e LOG_LEVEL=warn -e HOST=127.0.0.1
  -e PORT="$PORT" -e SCHEDULER_PORT="$SCHEDULER_PORT" -e DISPATCHER_PORT="$DISPATCHER_PORT"
  -e PUBLIC_BASE_URL="http://127.0.0.1:$PORT" -e PORTAL_URL="http://127.0.0.1:$PORT/p" -e APP_URL="http://127.0.0.1:$PORT"
  -e DATABASE_URL -e DB_MIGRATE_ON_START=false -e REDIS_URL=redis://127.0.0.1:6379 -e REDIS_PREFIX="$prefix"
  -e STORAGE_DRIVER=fs -e STORAGE_DIR=/app/var/storage -e SMTP_URL="smtp://127.0.0.1:$SMTP_PORT"
  -e WEBHOOK_ALLOW_PRIVATE_NETWORKS=true -e AV=none
  -e SECRETS_KEY="proof:$(od -An -tx1 -N32 /dev/urandom | tr -d ' \n')")

migrated=$(podman run --rm "${common[@]}" "localhost/intake-api:$TAG" node migrate.js)
echo "$migrated" | grep -q '^applied: ' || fail "the migration container applied nothing: $migrated"
say "migration container: $(echo "$migrated" | cut -c1-60)$([ ${#migrated} -gt 60 ] && echo …) ($(echo "$migrated" | tr ',' '\n' | wc -l) migrations)"

node tools/containers/sinks.js "$SMTP_PORT" "$HOOK_PORT" >"$work/sinks.log" 2>&1 &
sinks=$!

for app in "${APPS[@]}"; do
  name="intake-proof-$app-$run"
  podman run -d --name "$name" "${common[@]}" "localhost/intake-$app:$TAG" >/dev/null
  containers+=("$name")
done
ready() { curl -fsS "http://127.0.0.1:$1/readyz" >/dev/null 2>&1; }
for port in "$PORT" "$SCHEDULER_PORT" "$DISPATCHER_PORT"; do
  for _ in $(seq 1 150); do ready "$port" && break; sleep 0.2; done
  ready "$port" || fail "/readyz on port $port never answered 200"
done
say "api :$PORT, scheduler :$SCHEDULER_PORT, webhook-dispatcher :$DISPATCHER_PORT: /readyz 200 on each"
grep -q '"kind":"ready"' "$work/sinks.log" || fail "the sinks did not start"

api() { # method path [body] — prints the body, fails on a status >= 400
  local out status
  local body=()
  [ $# -ge 3 ] && body=(-H 'content-type: application/json' -d "$3")
  out=$(curl -sS -X "$1" "${auth[@]}" "${body[@]}" -w '\n%{http_code}' "http://127.0.0.1:$PORT$2")
  status=${out##*$'\n'}
  [ "$status" -lt 400 ] || fail "$1 $2 answered $status: ${out%$'\n'*}"
  printf '%s' "${out%$'\n'*}"
}
field() { node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const v=process.argv[1].split(".").reduce((o,k)=>o?.[k],JSON.parse(s));if(v==null)process.exit(1);console.log(v)})' "$1"; }

email="owner-$run@proof.example"
auth=()
api POST /v1/auth/signup "{\"email\":\"$email\",\"password\":\"correct horse battery staple\",\"name\":\"Proof\",\"account_name\":\"Proof\"}" >/dev/null
curl -fsS -c "$work/cookies" -H 'content-type: application/json' -d "{\"email\":\"$email\",\"password\":\"correct horse battery staple\"}" "http://127.0.0.1:$PORT/v1/auth/login" >/dev/null
csrf=$(awk '$6 == "csrf_token" { print $7 }' "$work/cookies")
auth=(-b "$work/cookies" -H "x-csrf-token: $csrf")
key=$(api POST /v1/keys '{"name":"proof","mode":"live","scopes":["admin"]}' | field key)
auth=(-H "authorization: Bearer $key")
endpoint=$(api POST /v1/webhooks "{\"url\":\"http://127.0.0.1:$HOOK_PORT/hook\",\"events\":[\"intake.archived\"]}" | field id)
say "signed up, logged in, made an API key, registered webhook $endpoint"

client="client-$run@proof.example"
intake=$(api POST /v1/intakes "{\"project_name\":\"Container proof\",\"client\":{\"email\":\"$client\",\"name\":\"Jana Client\"},\"respect_quiet_hours\":false,\"items\":[{\"key\":\"logo\",\"type\":\"image\",\"label\":\"Logo\"}]}")
intake_id=$(echo "$intake" | field intake_id)
say "intake $intake_id created through the api container: status $(echo "$intake" | field status)"

wait_for() { # what, grep pattern
  for _ in $(seq 1 300); do grep -q "$2" "$work/sinks.log" && return 0; sleep 0.2; done
  fail "$1 never arrived"
}
wait_for "the invitation to $client" "\"kind\":\"mail\".*$client"
say "SMTP sink: $(grep "\"kind\":\"mail\".*$client" "$work/sinks.log" | head -n 1 | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const m=JSON.parse(s);console.log(`mail to ${m.to} "${m.subject}" (chase ${m.chase}), sent by the scheduler container`)})')"

api POST "/v1/intakes/$intake_id/archive" >/dev/null
wait_for "the intake.archived webhook" '"kind":"webhook".*"event":"intake.archived"'
say "receiver: $(grep '"kind":"webhook"' "$work/sinks.log" | head -n 1 | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const m=JSON.parse(s);console.log(`${m.method} ${m.path} ${m.event}, headers ${m.signed_headers.join(", ")}, posted by the dispatcher container`)})')"

say "PASSED in $(( $(date +%s) - started )) s"
