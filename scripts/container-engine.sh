#!/usr/bin/env bash
# A container engine for the Docker sandbox on a machine without Docker: Podman serving the Docker Engine API on a
# fixed unix socket, with the sandbox image built locally (no registry). Idempotent: installs podman, runc and
# mmdebstrap only if missing, rewrites the engine's configuration, builds and imports the image only if absent,
# starts the API service only if the socket does not answer. Prints one line, DOCKER_HOST=unix://<socket>, on stdout
# (progress goes to stderr). Used by .ci/run before the tests; see docs/security.md, "Sandboxes".
#
#   CONTAINER_ENGINE_SOCKET  socket path (default /run/podman/podman.sock)
#   SANDBOX_IMAGE            image to build and import (default probebench/sandbox:bookworm)
#   DEBIAN_MIRROR            mirror mmdebstrap downloads from (default: its own, deb.debian.org)
set -euo pipefail

SOCKET="${CONTAINER_ENGINE_SOCKET:-/run/podman/podman.sock}"
IMAGE="${SANDBOX_IMAGE:-probebench/sandbox:bookworm}"
LOG_DIR="${CONTAINER_ENGINE_LOG_DIR:-/var/log/probebench}"
say() { echo "container-engine: $*" >&2; }

if [ "$(id -u)" != 0 ]; then
  say "must run as root (it writes /etc/containers and starts a rootful Podman service)"
  exit 1
fi

missing=()
command -v podman >/dev/null 2>&1 || missing+=(podman)
command -v runc >/dev/null 2>&1 || missing+=(runc)
command -v mmdebstrap >/dev/null 2>&1 || missing+=(mmdebstrap)
command -v curl >/dev/null 2>&1 || missing+=(curl)
# shellcheck source=lib/apt-install-missing.sh
source "$(dirname "$0")/lib/apt-install-missing.sh"
apt_install_missing container-engine

# runc, not crun: crun fails on hybrid cgroup hierarchies and when it cannot raise rlimits (no CAP_SYS_RESOURCE),
# so the rlimits are set at values any container may have. cgroupfs: no systemd in containers/CI machines.
mkdir -p /etc/containers
cat >/etc/containers/containers.conf <<'EOF'
# Written by probebench scripts/container-engine.sh
[containers]
default_ulimits = ["nofile=1024:1024", "nproc=1024:1024"]

[engine]
runtime = "runc"
cgroup_manager = "cgroupfs"
events_logger = "file"
EOF
# Kernel overlayfs: a container is ready in ~70 ms; vfs copies the whole image for each container (0.5-7 s).
if ! grep -qs '^driver = "overlay"' /etc/containers/storage.conf; then
  if podman info --format '{{.Store.GraphDriverName}}' 2>/dev/null | grep -qx vfs && [ -n "$(podman images -q 2>/dev/null)" ]; then
    say "existing vfs storage: resetting it to switch to overlay"
    podman system reset --force >&2
  fi
  cat >/etc/containers/storage.conf <<'EOF'
# Written by probebench scripts/container-engine.sh
[storage]
driver = "overlay"
runroot = "/run/containers/storage"
graphroot = "/var/lib/containers/storage"
EOF
fi

answers() { curl -sf --max-time 3 --unix-socket "$SOCKET" http://d/_ping >/dev/null 2>&1; }

if ! podman image exists "$IMAGE"; then
  work="$(mktemp -d)"
  trap 'rm -rf "$work"' EXIT
  say "building $IMAGE with mmdebstrap (Debian bookworm, python3-minimal, nodejs; about a minute)"
  mmdebstrap --quiet --variant=apt --include=python3-minimal,nodejs,coreutils bookworm "$work/rootfs.tar" ${DEBIAN_MIRROR:+"$DEBIAN_MIRROR"} >&2
  podman import --quiet "$work/rootfs.tar" "$IMAGE" >/dev/null
  say "imported $IMAGE"
fi

if ! answers; then
  mkdir -p "$(dirname "$SOCKET")" "$LOG_DIR"
  rm -f "$SOCKET"
  say "starting podman system service on $SOCKET (log: $LOG_DIR/podman-service.log)"
  # --time=0: the service never exits for idleness. setsid: it outlives this script and its caller's session.
  setsid podman system service --time=0 "unix://$SOCKET" >"$LOG_DIR/podman-service.log" 2>&1 </dev/null &
  for _ in $(seq 1 100); do answers && break; sleep 0.1; done
  if ! answers; then
    say "the service did not answer on $SOCKET; see $LOG_DIR/podman-service.log"
    exit 1
  fi
fi

echo "DOCKER_HOST=unix://$SOCKET"
