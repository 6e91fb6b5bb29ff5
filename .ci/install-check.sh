#!/usr/bin/env bash
# `.ci/install-check.sh NODE_BIN_DIR...`: `npm ci` of the lockfile prints no warning on each of
# these Node.js versions (an `engines` range a dependency does not accept is npm's EBADENGINE
# warning). A dry run in a scratch folder: it resolves and checks every package as the install
# would, and leaves the checkout's node_modules alone.
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/sdk"
cp package.json package-lock.json "$scratch/"
cp sdk/package.json "$scratch/sdk/"
cp -r vendor "$scratch/"
status=0
for bin in "$@"; do
  output=$(cd "$scratch" && PATH="$bin:$PATH" npm ci --dry-run --ignore-scripts --no-audit --no-fund --prefer-offline 2>&1) || status=1
  warnings=$(grep -E "^npm (warn|WARN)|EBADENGINE" <<<"$output" || true)
  if [ -n "$warnings" ]; then
    printf 'npm ci on Node.js %s warns:\n%s\n' "$("$bin/node" --version)" "$warnings" >&2
    status=1
  else
    echo "npm ci on Node.js $("$bin/node" --version): no warning"
  fi
done
exit "$status"
