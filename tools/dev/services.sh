#!/usr/bin/env bash
# Starts the local PostgreSQL and Redis when they are not answering (the machines ship both).
# Under CI=true a service that cannot be started fails the run; it never skips silently.
set -euo pipefail

wait_for() { # what, command...
  local what=$1; shift
  for _ in $(seq 1 50); do "$@" >/dev/null 2>&1 && return 0; sleep 0.2; done
  echo "services: $what did not come up" >&2
  return 1
}

if ! pg_isready -h 127.0.0.1 -p 5432 -q 2>/dev/null; then
  if ! command -v pg_ctlcluster >/dev/null; then
    echo "services: PostgreSQL is not answering on 127.0.0.1:5432 and is not installed" >&2
    exit 1
  fi
  echo "services: starting PostgreSQL"
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n 1)" main start
  wait_for PostgreSQL pg_isready -h 127.0.0.1 -p 5432 -q
fi

if ! redis-cli -h 127.0.0.1 -p 6379 ping 2>/dev/null | grep -q PONG; then
  if ! command -v redis-server >/dev/null; then
    echo "services: Redis is not answering on 127.0.0.1:6379 and is not installed" >&2
    exit 1
  fi
  echo "services: starting Redis"
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no
  wait_for Redis sh -c 'redis-cli -h 127.0.0.1 -p 6379 ping | grep -q PONG'
fi
# Test dependencies from Debian: clamd (the antivirus tests start their own on a free port),
# Chromium (the portal's browser test drives it with playwright-core), pg_dump (the secrets
# test scans a dump of its database for plain text; it comes with the server's client package),
# and for the download tests Info-ZIP's unzip/zipinfo (unpack the ZIP) and poppler's pdftotext
# (read the PDF report back).
missing=()
command -v clamd >/dev/null || missing+=(clamav-daemon clamav)
command -v pg_dump >/dev/null || missing+=(postgresql-client)
command -v unzip >/dev/null && command -v zipinfo >/dev/null || missing+=(unzip)
command -v pdftotext >/dev/null || missing+=(poppler-utils)
[ -x /usr/bin/chromium ] || missing+=(chromium)
# Containers (tools/containers: the image proof and the testcontainers smoke test): podman with
# runc (crun refuses this machine's cgroup layout; tools/containers/containers.conf selects runc)
# and mmdebstrap for the local base images, since no registry can be pulled from.
command -v podman >/dev/null || missing+=(podman)
command -v runc >/dev/null || missing+=(runc)
command -v mmdebstrap >/dev/null || missing+=(mmdebstrap)
if [ ${#missing[@]} -gt 0 ]; then
  echo "services: installing Debian's ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
command -v clamd >/dev/null || { echo "services: clamd could not be installed" >&2; exit 1; }
[ -x /usr/bin/chromium ] || { echo "services: chromium could not be installed" >&2; exit 1; }
command -v pg_dump >/dev/null || { echo "services: pg_dump could not be installed" >&2; exit 1; }
command -v unzip >/dev/null || { echo "services: unzip could not be installed" >&2; exit 1; }
command -v pdftotext >/dev/null || { echo "services: pdftotext could not be installed" >&2; exit 1; }
for tool in podman runc mmdebstrap; do
  command -v "$tool" >/dev/null || { echo "services: $tool could not be installed" >&2; exit 1; }
done

echo "services: PostgreSQL and Redis answer; clamd, chromium, pg_dump, unzip, pdftotext, podman, runc and mmdebstrap are installed"
