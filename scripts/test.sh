#!/usr/bin/env bash
# The README's test command (`npm test`): prepares what the suites need on this machine, then runs every suite.
# Extra arguments go to vitest (e.g. `npm test -- --project api`).
set -euo pipefail
cd "$(dirname "$0")/.."

echo "==> building the bridge and the admin UI"
npm run build --workspace bridge --silent
npm run build --workspace admin-ui --silent

echo "==> system packages (PHP, MariaDB, Chromium) and WordPress"
bash scripts/install-system-deps.sh
bash scripts/wp/fetch-wordpress.sh

echo "==> running the tests"
exec npx vitest run "$@"
