#!/usr/bin/env bash
# `.ci/mcp-inspector.sh NODE_BIN_DIR` prints the path of the MCP Inspector's launcher, installed on
# first use from the npm registry into ~/.cache/snap-inspector/VERSION with that Node.js (it needs
# Node >= 22.19, so it is no dependency of the project, whose install must stay quiet on Node 20).
# Its postinstall only installs its own clients in a source checkout: not run.
set -euo pipefail
version=2.12.0
folder="${SNAP_INSPECTOR_CACHE:-$HOME/.cache/snap-inspector}/$version"
launcher="$folder/node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js"
if [ ! -f "$launcher" ]; then
  rm -rf "$folder.partial" && mkdir -p "$folder.partial"
  cat >"$folder.partial/package.json" <<JSON
{ "name": "snap-mcp-inspector", "private": true, "allowScripts": { "@modelcontextprotocol/inspector": false } }
JSON
  (cd "$folder.partial" && PATH="$1:$PATH" npm install --no-audit --no-fund --silent "@modelcontextprotocol/inspector@$version")
  rm -rf "$folder" && mv "$folder.partial" "$folder"
fi
echo "$launcher"
