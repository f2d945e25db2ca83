#!/usr/bin/env bash
# The gates that are not tests (`npm run lint`; scripts/test.sh runs them before vitest): type checks, ESLint,
# `php -l` and PHP_CodeSniffer. Each prints what it checks and its result; all run even when one fails, and the
# script exits 1 if any failed.
#
#   bash scripts/lint.sh                  # every gate
#   bash scripts/lint.sh eslint phpcs     # some: typecheck (all four projects), tsc:<project>, eslint, php-lint, phpcs
#
# Needs `npm ci` (TypeScript, ESLint) and, for phpcs, Debian's php-codesniffer (scripts/install-system-deps.sh).
set -uo pipefail
cd "$(dirname "$0")/.."

readonly BIN=node_modules/.bin
passed=()
failed=()

# run_gate NAME DESCRIPTION COMMAND…: runs the command, prints its result and time.
run_gate() {
  local name=$1 description=$2
  shift 2
  echo "==> gate ${name}: ${description}"
  local start=$SECONDS
  if "$@"; then
    echo "gate ${name}: passed ($((SECONDS - start)) s)"
    passed+=("$name")
  else
    echo "gate ${name}: FAILED ($((SECONDS - start)) s)"
    failed+=("$name")
  fi
}

tsc_project() {
  "$BIN/tsc" -p "$1" --noEmit --pretty false
}

eslint_gate() {
  # --report-unused-disable-directives: an eslint-disable comment that suppresses nothing fails the gate.
  "$BIN/eslint" --max-warnings 0 --report-unused-disable-directives --cache --cache-location .cache/eslint/ \
    admin-ui/src admin-ui/webpack.config.js bridge/src bridge/bin \
    test scripts bench
}

php_lint_gate() {
  # -n: no php.ini, so no extension is loaded (a syntax check needs none, and starts faster).
  local file output status=0 count=0
  while IFS= read -r -d '' file; do
    count=$((count + 1))
    output=$(php -n -l "$file" 2>&1) || { echo "$output"; status=1; }
  done < <(find plugin -name '*.php' -not -path '*/node_modules/*' -print0 | sort -z)
  echo "php -l: ${count} files"
  return "$status"
}

phpcs_gate() {
  if ! command -v phpcs >/dev/null; then
    echo "phpcs is not installed: run 'sudo bash scripts/install-system-deps.sh' (Debian's php-codesniffer)" >&2
    return 1
  fi
  phpcs --standard=plugin/phpcs.xml.dist --report=full --report-width=120 -q
}

gate() {
  case $1 in
    tsc:bridge) run_gate tsc:bridge 'tsc --noEmit -p bridge (the service)' tsc_project bridge ;;
    tsc:test) run_gate tsc:test 'tsc --noEmit -p test (the suites, bench/, vitest.config.ts)' tsc_project test ;;
    tsc:scripts) run_gate tsc:scripts 'tsc --noEmit -p scripts/wp (the WordPress launcher, the demo, the cluster)' tsc_project scripts/wp ;;
    tsc:admin-ui) run_gate tsc:admin-ui 'tsc --noEmit -p admin-ui (the screens and their unit tests)' tsc_project admin-ui ;;
    typecheck) for project in bridge test scripts admin-ui; do gate "tsc:${project}"; done ;;
    eslint)
      run_gate eslint 'ESLint (eslint.config.js): admin-ui and its tests with WordPress recommended + typescript-eslint, bridge with eslint + typescript-eslint recommended + WordPress non-formatting rules, test/, scripts/ and bench/ with eslint + typescript-eslint recommended' eslint_gate
      ;;
    php-lint) run_gate php-lint 'php -l on every PHP file of plugin/' php_lint_gate ;;
    phpcs) run_gate phpcs 'PHP_CodeSniffer on plugin/ with plugin/phpcs.xml.dist' phpcs_gate ;;
    *)
      echo "lint: unknown gate '$1' (typecheck, tsc:bridge, tsc:test, tsc:scripts, tsc:admin-ui, eslint, php-lint, phpcs)" >&2
      failed+=("$1")
      ;;
  esac
}

if [[ $# -eq 0 ]]; then
  set -- typecheck eslint php-lint phpcs
fi
for name in "$@"; do
  gate "$name"
done

echo "gates: ${#passed[@]} passed, ${#failed[@]} failed${failed[*]:+ (${failed[*]})}"
[[ ${#failed[@]} -eq 0 ]]
