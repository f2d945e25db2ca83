#!/usr/bin/env bash
# Starts a real WordPress + MariaDB stack that keeps running in the background (see README.md).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
exec npx --no-install tsx scripts/wp/stack.ts start "$@"
