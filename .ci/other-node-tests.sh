#!/usr/bin/env bash
# `.ci/other-node-tests.sh VERSION...`: `npm test`'s unit and API projects on each of these Node.js
# versions (.ci/node.sh), one after the other, against the build already made and DATABASE_URL. The
# API project's server, and every process a test starts with `node` or `npm`, run on that version
# (tests/setup/app-server.ts starts it with process.execPath; PATH names it first). On Node 24 the
# MCP Inspector's CLI lists and calls the tools too (tests/api/mcp-inspector.test.ts).
set -euo pipefail
cd "$(dirname "$0")/.."
for version in "$@"; do
  bin=$(.ci/node.sh "$version")
  inspector=""
  [ "${version%%.*}" = 24 ] && inspector=$(.ci/mcp-inspector.sh "$bin")
  started=$SECONDS
  echo "::: unit and API tests on Node.js $version"
  PATH="$bin:$PATH" MCP_INSPECTOR="$inspector" npx vitest run --project unit --project api
  echo "::: Node.js $version: $((SECONDS - started)) s"
done
