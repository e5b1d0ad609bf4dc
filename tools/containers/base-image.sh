#!/usr/bin/env bash
# Builds the local stand-in for node:24-bookworm-slim, which cannot be pulled on our machines:
# a Debian bookworm root made by mmdebstrap (the `essential` variant plus libstdc++6 and
# ca-certificates, merged /usr without the usrmerge package, no docs/man/locales) with the
# Node 24 binary and npm 11 from the npm registry's `node` and `npm` packages, and a `node` user
# (uid/gid 1000) as in the official image. It trusts the host's CA bundle (NODE_EXTRA_CA_CERTS too),
# so that npm inside a build reaches the registry the way the host does on machines whose
# egress goes through a TLS-inspecting proxy; the production base (node:24-bookworm-slim) does not. It is imported into podman and tagged
# docker.io/library/node:24-bookworm-slim, so the Dockerfiles build unchanged with --pull=never.
#
# Cached: a rebuild happens only when the image is missing or its recipe (this file) changed;
# FORCE=1 rebuilds anyway. Needs root, podman and mmdebstrap (tools/dev/services.sh installs them).
set -euo pipefail
cd "$(dirname "$0")/../.."
export CONTAINERS_CONF="${CONTAINERS_CONF:-$PWD/tools/containers/containers.conf}"

NODE_VERSION="${NODE_VERSION:-24.21.0}"
NPM_VERSION="${NPM_VERSION:-11.21.2}"
TAG=docker.io/library/node:24-bookworm-slim
CA_BUNDLE=/etc/ssl/certs/ca-certificates.crt
recipe=$( (cat "$0" "$CA_BUNDLE"; echo "$NODE_VERSION $NPM_VERSION") | sha256sum | cut -c1-16)

if [ "${FORCE:-0}" != 1 ] && [ "$(podman image inspect --format '{{ index .Labels "intake.base.recipe" }}' "$TAG" 2>/dev/null)" = "$recipe" ]; then
  echo "base-image: $TAG (recipe $recipe) is cached"
  exit 0
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
started=$(date +%s)

# Node and npm from the npm registry, into a prefix of their own.
npm i -g --prefix "$work/node" "node@$NODE_VERSION" "npm@$NPM_VERSION" --no-audit --no-fund --loglevel=error >/dev/null
node_bin=$(readlink -f "$work/node/bin/node")
"$node_bin" --version >/dev/null

mmdebstrap --quiet --variant=essential --include=libstdc++6,ca-certificates \
  --aptopt='APT::Install-Recommends "false"' \
  --hook-dir=/usr/share/mmdebstrap/hooks/merged-usr \
  --dpkgopt='path-exclude=/usr/share/doc/*' --dpkgopt='path-exclude=/usr/share/man/*' \
  --dpkgopt='path-exclude=/usr/share/info/*' --dpkgopt='path-exclude=/usr/share/locale/*' \
  --customize-hook="install -m 0755 '$node_bin' \"\$1/usr/local/bin/node\"" \
  --customize-hook="mkdir -p \"\$1/usr/local/lib/node_modules\" && cp -a '$work/node/lib/node_modules/npm' \"\$1/usr/local/lib/node_modules/npm\"" \
  --customize-hook='ln -s ../lib/node_modules/npm/bin/npm-cli.js "$1/usr/local/bin/npm" && ln -s ../lib/node_modules/npm/bin/npx-cli.js "$1/usr/local/bin/npx"' \
  --customize-hook='echo "node:x:1000:1000::/home/node:/bin/bash" >> "$1/etc/passwd" && echo "node:x:1000:" >> "$1/etc/group" && echo "node:*:19000:0:99999:7:::" >> "$1/etc/shadow" && mkdir -p "$1/home/node" && chown 1000:1000 "$1/home/node"' \
  --customize-hook="cp '$CA_BUNDLE' \"\$1$CA_BUNDLE\"" \
  --customize-hook='rm -rf "$1/var/cache/apt"/*.bin "$1/var/lib/apt/lists"/* "$1/var/log"/*' \
  bookworm "$work/rootfs.tar" >"$work/mmdebstrap.log" 2>&1 || { tail -n 30 "$work/mmdebstrap.log" >&2; exit 1; }

podman import --quiet \
  --change 'ENV NODE_VERSION='"$NODE_VERSION" \
  --change "ENV NODE_EXTRA_CA_CERTS=$CA_BUNDLE" \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change 'LABEL intake.base.recipe='"$recipe" \
  --change 'CMD ["node"]' \
  "$work/rootfs.tar" "$TAG" >/dev/null
podman run --rm --pull=never "$TAG" sh -c 'echo "base-image: node $(node --version), npm $(npm --version), user $(id -un 1000)"'
echo "base-image: $TAG built in $(( $(date +%s) - started )) s, $(podman image inspect --format '{{.Size}}' "$TAG" | awk '{ printf "%.0f MB", $1 / 1e6 }')"
