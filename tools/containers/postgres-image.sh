#!/usr/bin/env bash
# Builds a local PostgreSQL 15 image (nothing can be pulled here) for the testcontainers smoke
# test: Debian bookworm's postgresql-15 in an mmdebstrap root, and a small entrypoint that honours
# POSTGRES_USER, POSTGRES_PASSWORD and POSTGRES_DB as the official image does. Tagged
# localhost/intake-postgres:15. Cached like base-image.sh (FORCE=1 rebuilds).
set -euo pipefail
cd "$(dirname "$0")/../.."
export CONTAINERS_CONF="${CONTAINERS_CONF:-$PWD/tools/containers/containers.conf}"
TAG=localhost/intake-postgres:15
recipe=$(sha256sum "$0" | cut -c1-16)
if [ "${FORCE:-0}" != 1 ] && [ "$(podman image inspect --format '{{ index .Labels "intake.postgres.recipe" }}' "$TAG" 2>/dev/null)" = "$recipe" ]; then
  echo "postgres-image: $TAG (recipe $recipe) is cached"
  exit 0
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
started=$(date +%s)
cat >"$work/entrypoint.sh" <<'SH'
#!/bin/sh
# POSTGRES_USER (default postgres), POSTGRES_PASSWORD (required), POSTGRES_DB (default: the user).
set -eu
BIN=/usr/lib/postgresql/15/bin
PGDATA=/var/lib/postgresql/data
user=${POSTGRES_USER:-postgres}
db=${POSTGRES_DB:-$user}
as_postgres() { runuser -u postgres -- "$@"; }
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  mkdir -p "$PGDATA" && chown postgres:postgres "$PGDATA" && chmod 0700 "$PGDATA"
  printf '%s' "${POSTGRES_PASSWORD:?POSTGRES_PASSWORD is required}" >/tmp/pw && chown postgres /tmp/pw
  as_postgres "$BIN/initdb" -D "$PGDATA" -U "$user" --pwfile=/tmp/pw --auth-local=trust --auth-host=scram-sha-256 >/tmp/initdb.log
  rm -f /tmp/pw
  echo "host all all all scram-sha-256" >>"$PGDATA/pg_hba.conf"
  if [ "$db" != postgres ]; then
    # A private server (no TCP, log to a file) so "ready to accept connections" appears once on stdout.
    as_postgres "$BIN/pg_ctl" -D "$PGDATA" -o "-c listen_addresses='' -c unix_socket_directories=/tmp" -l /tmp/init.log -w start >/dev/null
    as_postgres "$BIN/createdb" -h /tmp -U "$user" "$db"
    as_postgres "$BIN/pg_ctl" -D "$PGDATA" -m fast -w stop >/dev/null
  fi
fi
exec runuser -u postgres -- "$BIN/postgres" -D "$PGDATA" -c listen_addresses='*' -c unix_socket_directories=/tmp "$@"
SH
mmdebstrap --variant=minbase --include=postgresql-15 --aptopt='APT::Install-Recommends "false"' \
  --hook-dir=/usr/share/mmdebstrap/hooks/merged-usr \
  --dpkgopt='path-exclude=/usr/share/doc/*' --dpkgopt='path-exclude=/usr/share/man/*' --dpkgopt='path-exclude=/usr/share/locale/*' \
  --customize-hook="install -m 0755 '$work/entrypoint.sh' \"\$1/usr/local/bin/docker-entrypoint.sh\"" \
  --customize-hook='rm -rf "$1/var/lib/apt/lists"/* "$1/var/cache/apt"/*.bin' \
  bookworm "$work/rootfs.tar" >"$work/mmdebstrap.log" 2>&1 || { tail -n 30 "$work/mmdebstrap.log" >&2; exit 1; }
podman import --quiet --change 'ENTRYPOINT ["/usr/local/bin/docker-entrypoint.sh"]' --change 'EXPOSE 5432' \
  --change "LABEL intake.postgres.recipe=$recipe" --change 'STOPSIGNAL SIGINT' "$work/rootfs.tar" "$TAG" >/dev/null
echo "postgres-image: $TAG built in $(( $(date +%s) - started )) s, $(podman image inspect --format '{{.Size}}' "$TAG" | awk '{ printf "%.0f MB", $1 / 1e6 }')"
