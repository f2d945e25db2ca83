#!/usr/bin/env bash
# The README's test command (`npm test`): prepares what the suites need on this machine, runs the gates (type checks
# and linters, scripts/lint.sh: a failure stops here, before any test), then runs every suite.
# Extra arguments go to vitest (e.g. `npm test -- --project api`); INTERLINKER_SKIP_GATES=1 skips the gates when
# rerunning suites locally (CI never sets it).
set -euo pipefail
cd "$(dirname "$0")/.."

echo "==> building the bridge and the admin UI"
npm run build --workspace bridge --silent
npm run build --workspace admin-ui --silent

echo "==> system packages (PHP, PHP_CodeSniffer, MariaDB, PostgreSQL, Chromium, nginx, HAProxy)"
bash scripts/install-system-deps.sh

if [[ ${INTERLINKER_SKIP_GATES:-} == 1 ]]; then
  echo "==> gates: skipped (INTERLINKER_SKIP_GATES=1)"
else
  echo "==> gates: type checks and linters"
  bash scripts/lint.sh
fi

echo "==> WordPress"
bash scripts/wp/fetch-wordpress.sh

echo "==> running the tests"
exec npx vitest run "$@"
