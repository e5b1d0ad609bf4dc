#!/usr/bin/env bash
# Mutation test of domain libraries (StrykerJS 10, which needs Node >= 22):
#   bash tools/mutation/run.sh libs/domain/chase [libs/domain/accounts ...]
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
  echo "==> mutation: $lib ($(node --version))"
  MUTATE_LIB="$lib" npx stryker run tools/mutation/stryker.config.js
done
