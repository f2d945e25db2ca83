#!/usr/bin/env bash
# Puts a plain WordPress 6.8 tree (with Twenty Twenty-Five) into .cache/wordpress-core/, built from Debian trixie's
# .debs: bookworm's WordPress is too old for current @wordpress/scripts bundles, and wordpress.org is not reachable.
# The system's apt state is never touched: a private sources list, lists dir, cache and an empty dpkg status.
# Cached: does nothing when the tree is already there (delete the folder to fetch again).
set -euo pipefail

readonly SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
readonly REPO_ROOT=$(cd "$SCRIPT_DIR/../.." && pwd)
readonly CORE_DIR=${WORDPRESS_CORE_DIR:-$REPO_ROOT/.cache/wordpress-core}
readonly SUITE=trixie
readonly WORDPRESS_BRANCH=6.8
readonly KEYRING=/usr/share/keyrings/debian-archive-keyring.gpg

log() { echo "fetch-wordpress: $*"; }

if [[ -f $CORE_DIR/wp-includes/version.php ]]; then
  log "cached in $CORE_DIR"
  exit 0
fi

# shellcheck source=debian-mirrors.sh
source "$SCRIPT_DIR/debian-mirrors.sh"
resolve_debian_mirrors

work=$(mktemp -d)
staging=
trap 'rm -rf "$work" ${staging:+"$staging"}' EXIT
mkdir -p "$work/parts" "$work/lists/partial" "$work/cache/archives/partial" "$work/debs" "$work/root"
touch "$work/status"
cat >"$work/sources.list" <<SOURCES
deb [signed-by=$KEYRING] $DEBIAN_MIRROR $SUITE main
deb [signed-by=$KEYRING] $DEBIAN_SECURITY_MIRROR $SUITE-security main
SOURCES

apt_private=(
  -qq
  -o "Dir::Etc::sourcelist=$work/sources.list" -o "Dir::Etc::sourceparts=$work/parts"
  -o "Dir::Etc::preferences=$work/none" -o "Dir::Etc::preferencesparts=$work/parts"
  -o "Dir::State::Lists=$work/lists" -o "Dir::Cache=$work/cache" -o "Dir::State::status=$work/status"
  -o APT::Sandbox::User=root -o Acquire::Languages=none
)

log "reading $SUITE and $SUITE-security from $DEBIAN_MIRROR and $DEBIAN_SECURITY_MIRROR"
apt-get "${apt_private[@]}" update

cd "$work/debs"
apt-get "${apt_private[@]}" download wordpress wordpress-theme-twentytwentyfive

version=$(dpkg-deb -f wordpress_*.deb Version)
if [[ $version != "$WORDPRESS_BRANCH".* ]]; then
  log "expected WordPress $WORDPRESS_BRANCH.x in $SUITE, found $version" >&2
  exit 1
fi

# Debian replaces bundled libraries with symlinks into these packages; fetch them so the links resolve.
linked_packages=$(dpkg-deb -f wordpress_*.deb Depends | tr ',|' '\n\n' | awk '{ print $1 }' |
  grep -E '^(libjs-|libphp-|php-getid3$)' | sort -u)
# shellcheck disable=SC2086 # one package name per word
apt-get "${apt_private[@]}" download $linked_packages

for deb in *.deb; do
  dpkg -x "$deb" "$work/root"
done

tree=$work/root/usr/share/wordpress
# Debian's .htaccess and wp-config.php read their settings from /etc/wordpress; each site writes its own config.
rm -f "$tree/.htaccess" "$tree/wp-config.php"
dangling=$(find "$tree" -xtype l)
if [[ -n $dangling ]]; then
  log "links that do not resolve:" >&2
  echo "$dangling" >&2
  exit 1
fi

mkdir -p "$(dirname "$CORE_DIR")"
staging=$(mktemp -d "$CORE_DIR.XXXXXX")
cp -rL "$tree/." "$staging/"
chmod 755 "$staging"
# -T: if a concurrent run got there first, fail instead of moving this copy inside it.
if ! mv -T "$staging" "$CORE_DIR" 2>/dev/null; then
  log "another run filled $CORE_DIR meanwhile; keeping that one"
  exit 0
fi
log "WordPress $version in $CORE_DIR, from: $(ls | sed "s/_all\.deb\$//" | paste -sd " ")"
