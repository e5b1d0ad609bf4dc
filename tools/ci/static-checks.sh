#!/usr/bin/env bash
# `npm run check`: ESLint and the type-check side by side (each is one single-threaded process, and
# our machines have two cores), then both outputs in order; fails when either fails.
#
# ESLint runs once over the whole workspace from the root configuration rather than once per
# project (`nx run-many -t lint`): the type-aware rules then build each TypeScript program once
# instead of once per project, and the path-scoped rules of eslint.config.mjs (domain purity, one
# use case per file) match their paths, which they cannot from inside a project's folder. The
# module-boundary rule reads Nx's project graph, which `nx show projects` computes first.
set -uo pipefail
cd "$(dirname "$0")/../.."
mkdir -p tmp
npx --no-install nx show projects > /dev/null || exit 1
npx --no-install eslint . > tmp/lint.txt 2>&1 &
lint=$!
npm run --silent typecheck > tmp/typecheck.txt 2>&1 &
typecheck=$!
wait "$lint"; lint_status=$?
wait "$typecheck"; typecheck_status=$?
echo "--- eslint (exit $lint_status)"; cat tmp/lint.txt
echo "--- typecheck (exit $typecheck_status)"; cat tmp/typecheck.txt
[ "$lint_status" -eq 0 ] && [ "$typecheck_status" -eq 0 ]
