# Sourced by the set-up scripts (scripts/test-prerequisites.sh, scripts/container-engine.sh): installs the Debian
# packages named in the array `missing`, if any, after one `apt-get update`. Progress goes to stderr.
apt_install_missing() {
  if [ ${#missing[@]} -gt 0 ]; then
    echo "$1: installing ${missing[*]}" >&2
    apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  fi
}
