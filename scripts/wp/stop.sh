#!/usr/bin/env bash
# Stops a stack started by start.sh (default name: dev) and waits until its processes are gone.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
exec npx --no-install tsx scripts/wp/stack.ts stop "$@"
