#!/usr/bin/env bash
# `.ci/image-base.sh NODE_VERSION TAG` makes the Containerfile's base image here, where no image
# registry is reachable: Debian bookworm from Debian's mirror (`debootstrap --variant=minbase`) plus
# the official Node.js binary and npm from the npm registry (.ci/node.sh), tagged as the registry's image
# would be (node:24-bookworm-slim), so the Containerfile's default base resolves locally. The root
# file system is kept as a tarball under ~/.cache/snap-image, so a later run on this machine only
# imports it (or finds the image still in podman's storage).
set -euo pipefail
node_version=$1
tag=$2
podman() { command podman --runtime runc --cgroup-manager cgroupfs --events-backend file "$@"; }
label="snap.base=bookworm-minbase-node-$node_version"
if [ "$(podman image inspect --format '{{index .Config.Labels "snap.base"}}' "$tag" 2>/dev/null)" = "${label#snap.base=}" ]; then
  echo "$tag: present ($label)"
  exit 0
fi
cache="${SNAP_IMAGE_CACHE:-$HOME/.cache/snap-image}"
tarball="$cache/bookworm-minbase-node-$node_version.tar"
if [ ! -s "$tarball" ]; then
  command -v debootstrap >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >/dev/null; }
  node_bin=$(dirname "$0")/node.sh
  node_bin=$("$node_bin" "$node_version")
  root=$(mktemp -d)
  trap 'rm -rf "$root"' EXIT
  # ca-certificates: the app's outgoing HTTPS (webhooks, OIDC discovery, S3).
  debootstrap --variant=minbase --include=ca-certificates bookworm "$root" "${DEBIAN_MIRROR:-http://deb.debian.org/debian}" >/dev/null
  rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/* "$root"/usr/share/doc/* "$root"/usr/share/man/* "$root"/usr/share/locale/*
  install -m 0755 "$node_bin/node" "$root/usr/local/bin/node"
  # npm, as in the registry's images: the version this machine runs, from the npm registry.
  npm_version=$(npm --version)
  (cd "$root/tmp" && npm pack --silent "npm@$npm_version" >/dev/null)
  mkdir -p "$root/usr/local/lib/node_modules/npm"
  tar -xzf "$root/tmp/npm-$npm_version.tgz" -C "$root/usr/local/lib/node_modules/npm" --strip-components=1
  rm "$root/tmp/npm-$npm_version.tgz"
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/local/bin/npm"
  ln -s ../lib/node_modules/npm/bin/npx-cli.js "$root/usr/local/bin/npx"
  # The registry's node images have a `node` user (uid 1000) for applications to run as.
  chroot "$root" groupadd --gid 1000 node
  chroot "$root" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
  mkdir -p "$cache"
  tar -C "$root" --numeric-owner -cf "$tarball.partial" . && mv "$tarball.partial" "$tarball"
fi
podman import --quiet --change "LABEL $label" --change 'CMD ["node"]' --change "ENV NODE_VERSION=$node_version" "$tarball" "$tag" >/dev/null
echo "$tag: imported from $tarball"
