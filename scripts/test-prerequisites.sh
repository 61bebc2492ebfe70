#!/usr/bin/env bash
# What the test suite needs from the machine, on Debian, as root: Chromium (browser tests), nginx and openssl (the
# front-proxy tests), bubblewrap (the process sandbox's tests), PostgreSQL and Redis, each installed only if missing,
# and PostgreSQL (127.0.0.1:5432) and Redis (127.0.0.1:6379) started when they do not answer. Idempotent; progress on
# stderr. Used by .ci/run, and by the test set-up (tests/support/global-setup.ts) when something is missing, so
# `npm ci && npm test` needs no other step. The container engine has its own script, scripts/container-engine.sh.
set -euo pipefail
say() { echo "test-prerequisites: $*" >&2; }

if [ "$(id -u)" != 0 ]; then
  say "must run as root (it installs Debian packages and starts services)"
  exit 1
fi

missing=()
# Browser tests drive Debian's Chromium through playwright-core.
command -v chromium >/dev/null 2>&1 || missing+=(chromium fonts-dejavu-core)
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
command -v pg_ctlcluster >/dev/null 2>&1 || missing+=(postgresql)
# The front-proxy tests run Debian's nginx with deploy/nginx/nginx.conf.template and a certificate made by openssl.
[ -x /usr/sbin/nginx ] || missing+=(nginx)
command -v openssl >/dev/null 2>&1 || missing+=(openssl)
# In-house runs on machines without Docker: the process sandbox is bubblewrap (its tests run it for real).
command -v bwrap >/dev/null 2>&1 || missing+=(bubblewrap)
# shellcheck source=lib/apt-install-missing.sh
source "$(dirname "$0")/lib/apt-install-missing.sh"
apt_install_missing test-prerequisites

if ! pg_isready -q -h 127.0.0.1 -p 5432; then
  say "starting PostgreSQL"
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | sort -V | tail -n 1)" main start >&2
  for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done
fi
if ! redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
  say "starting Redis"
  redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save '' --appendonly no >&2
  for _ in $(seq 1 30); do redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1 && break; sleep 1; done
fi
