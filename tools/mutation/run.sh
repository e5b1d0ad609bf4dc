#!/usr/bin/env bash
# Mutation test of a library, domain, application or other (StrykerJS 10, needs Node >= 22):
#   bash tools/mutation/run.sh libs/domain/chase [libs/application/files ...]
#   MUTATION_FORCE=true bash tools/mutation/run.sh libs/domain/chase   (every mutant again)
#   MUTATION_CONCURRENCY=1 bash tools/mutation/run.sh ...               (one test runner, not two)
#   MUTATION_RELATED_TESTS=true bash tools/mutation/run.sh ...          (per mutant, only the spec files importing its file)
# Incremental against tools/mutation/incremental/<lib>.json, which the run rewrites (commit it;
# tools/mutation/ci.js --slim keeps it free of machine-specific paths and records the lib's files).
# Reports: reports/mutation/<lib>.json and the clear-text table on stdout.
set -euo pipefail
cd "$(dirname "$0")/../.."
NODE24_DIR="${NODE24_DIR:-/opt/node24}"
if [ "$(node -p 'process.versions.node.split(".")[0]')" -lt 22 ]; then
  if [ ! -x "$NODE24_DIR/bin/node" ]; then
    npm i -g --prefix "$NODE24_DIR" node@24 --no-audit --no-fund --loglevel=error
  fi
  export PATH="$NODE24_DIR/bin:$PATH"
fi
for lib in "$@"; do
  lib="${lib%/}"
  # Any library with its own Jest project; the domain and application ones need no service (the
  # application libraries' tests use the in-memory twins of @intake/testing).
  case "$lib" in libs/*) ;; *) echo "mutation: $lib is not under libs/" >&2; exit 2 ;; esac
  [ -f "$lib/jest.config.cts" ] || { echo "mutation: $lib has no jest.config.cts" >&2; exit 2; }
  echo "==> mutation: $lib ($(node --version))"
  # MUTATION_RUN: the few specs too slow to run once per mutant leave those tests out (docs/testing.md).
  MUTATION_RUN=true MUTATE_LIB="$lib" npx stryker run tools/mutation/stryker.config.js
  node tools/mutation/ci.js --slim "$lib"
done
