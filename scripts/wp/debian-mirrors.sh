# Sourced by the scripts/wp/*.sh that download Debian packages.
# Finds the Debian mirrors this machine already uses, so no host name is written into the repository.
# DEBIAN_MIRROR / DEBIAN_SECURITY_MIRROR override what the apt sources say.

# Prints "URI SUITE" for every enabled `deb` entry in the system's apt sources (one-line and deb822 formats).
apt_source_entries() {
  local one_line=() deb822=()
  [[ -f /etc/apt/sources.list ]] && one_line+=(/etc/apt/sources.list)
  for file in /etc/apt/sources.list.d/*.list; do [[ -f $file ]] && one_line+=("$file"); done
  for file in /etc/apt/sources.list.d/*.sources; do [[ -f $file ]] && deb822+=("$file"); done

  if [[ ${#one_line[@]} -gt 0 ]]; then
    awk '$1 == "deb" { sub(/\[[^]]*\]/, ""); print $2, $3 }' "${one_line[@]}"
  fi
  if [[ ${#deb822[@]} -gt 0 ]]; then
    awk '
      function flush(   u, s, uris, suites) {
        if (types ~ /(^| )deb( |$)/ && enabled != "no") {
          split(uri_list, uris, " "); split(suite_list, suites, " ")
          for (u in uris) for (s in suites) print uris[u], suites[s]
        }
        types = ""; uri_list = ""; suite_list = ""; enabled = ""
      }
      /^[ \t]*$/ { flush(); next }
      /^#/ { next }
      tolower($1) == "types:"   { $1 = ""; types = $0 }
      tolower($1) == "uris:"    { $1 = ""; uri_list = $0 }
      tolower($1) == "suites:"  { $1 = ""; suite_list = $0 }
      tolower($1) == "enabled:" { enabled = tolower($2) }
      END { flush() }
    ' "${deb822[@]}"
  fi
}

# Sets DEBIAN_MIRROR and DEBIAN_SECURITY_MIRROR (without a trailing slash) or fails with a reason.
resolve_debian_mirrors() {
  local codename entries
  codename=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
  entries=$(apt_source_entries)

  if [[ -z ${DEBIAN_MIRROR:-} ]]; then
    DEBIAN_MIRROR=$(awk -v suite="$codename" '$2 == suite { print $1; exit }' <<<"$entries")
  fi
  if [[ -z ${DEBIAN_MIRROR:-} ]]; then
    echo "no apt source serves '$codename'; set DEBIAN_MIRROR to a Debian mirror URL" >&2
    return 1
  fi
  DEBIAN_MIRROR=${DEBIAN_MIRROR%/}

  if [[ -z ${DEBIAN_SECURITY_MIRROR:-} ]]; then
    DEBIAN_SECURITY_MIRROR=$(awk -v suite="$codename-security" '$2 == suite { print $1; exit }' <<<"$entries")
  fi
  # Debian's mirrors publish the security archive beside the main one.
  DEBIAN_SECURITY_MIRROR=${DEBIAN_SECURITY_MIRROR:-$DEBIAN_MIRROR-security}
  DEBIAN_SECURITY_MIRROR=${DEBIAN_SECURITY_MIRROR%/}
}
