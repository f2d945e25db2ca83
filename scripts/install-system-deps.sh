#!/usr/bin/env bash
# Installs the Debian packages that the real-WordPress stack, the browser tests, the reverse-proxy test, the API tests on
# PostgreSQL, the reference cluster and the PHP lint gate need, and the service unit's system user.
# Idempotent: asks dpkg first and touches apt only for what is missing. Run as root on Debian 12.
set -euo pipefail

readonly PACKAGES=(
  # PHP for WordPress: the built-in server runs it, these are the extensions WordPress uses.
  php-cli php-mysql php-xml php-mbstring php-curl php-gd php-intl php-zip
  # The PHP lint gate (scripts/lint.sh): PHP_CodeSniffer with plugin/phpcs.xml.dist.
  php-codesniffer
  # WordPress's own CA bundle is a link to this package's file (and outgoing HTTPS needs it).
  ca-certificates
  # One private MariaDB per test stack (started by hand, never as a service).
  mariadb-server
  # The API tests on PostgreSQL start one throwaway cluster (initdb and postgres by hand, never as a service).
  postgresql-15
  # Browser tests drive Debian's Chromium through playwright-core.
  chromium fonts-liberation
  # The reverse-proxy test runs deploy/nginx/interlinker.conf in front of the bridge (started by hand, never as a service)
  # with a certificate openssl makes.
  nginx-light openssl
  # The reference cluster (npm run cluster, test/api/cluster.test.ts) puts Debian's HAProxy in front of three bridges,
  # running deploy/haproxy/interlinker.cfg (started by hand, never as a service).
  haproxy
  # systemd-analyze checks deploy/systemd/interlinker-bridge.service (nothing is started); util-linux's unshare and
  # setpriv run its ExecStart confined as the unit declares.
  systemd util-linux
)

if [[ $(id -u) -ne 0 ]]; then
  echo "install-system-deps: run as root" >&2
  exit 1
fi

# The service unit's own user, as docs/operators.md has it created: test/api/systemd-unit.test.ts runs the bridge as
# the unit declares it, as this user.
if ! id -u interlinker >/dev/null 2>&1; then
  useradd --system --home-dir /var/lib/interlinker --no-create-home --shell /usr/sbin/nologin interlinker
  echo "install-system-deps: created the system user interlinker"
fi

missing=()
for package in "${PACKAGES[@]}"; do
  status=$(dpkg-query -W -f='${db:Status-Status}' "$package" 2>/dev/null || true)
  [[ $status == installed ]] || missing+=("$package")
done

if [[ ${#missing[@]} -eq 0 ]]; then
  echo "install-system-deps: all ${#PACKAGES[@]} packages already installed"
  exit 0
fi

echo "install-system-deps: installing ${missing[*]}"

# The stacks start their own MariaDB and the proxy test its own nginx; keep apt from starting the system's services
# (Debian's policy-rc.d mechanism).
readonly POLICY=/usr/sbin/policy-rc.d
if [[ ! -e $POLICY ]]; then
  printf '#!/bin/sh\nexit 101\n' >"$POLICY"
  chmod 755 "$POLICY"
  trap 'rm -f "$POLICY"' EXIT
fi

export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends -o Dpkg::Use-Pty=0 "${missing[@]}"
echo "install-system-deps: done"
