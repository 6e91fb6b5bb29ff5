#!/usr/bin/env bash
# Smoke test of the zero-setup path: no DATABASE_URL, so `npm start` runs on the embedded
# PostgreSQL; the admin CLI reaches the same running database; data survives a restart.
set -euo pipefail
cd "$(dirname "$0")/.."
unset DATABASE_URL
export SNAP_DATA_DIR; SNAP_DATA_DIR="$(mktemp -d)"
port=3210
base="http://127.0.0.1:$port"
server=""
cleanup() {
  local status=$?
  [ -n "$server" ] && stop_app
  rm -rf "$SNAP_DATA_DIR"
  exit "$status"
}
trap cleanup EXIT

start_app() {
  # A session of its own, so that stopping it reaches npx, tsx, the launcher and next alike.
  PORT=$port setsid npx tsx scripts/start.ts >"$SNAP_DATA_DIR/start.log" 2>&1 &
  server=$!
  for _ in $(seq 1 180); do
    if curl -fsS "$base/api/health" >/dev/null 2>&1; then return 0; fi
    sleep 1
  done
  cat "$SNAP_DATA_DIR/start.log"; echo "the app did not become healthy on the embedded database" >&2; return 1
}
stop_app() {
  kill -TERM -- "-$server" 2>/dev/null || true
  wait "$server" 2>/dev/null || true
  server=""
}

start_app
grep -q "database: embedded" "$SNAP_DATA_DIR/start.log"
curl -fsS "$base/api/health" | grep -q '"database":"reachable"'

email="smoke-$RANDOM@example.test"
npm run --silent cli -- user:create --email "$email" --password "smoke-pass-42" >/dev/null
key=$(npm run --silent cli -- apikey:create --email "$email" --name smoke | tail -n 1)
[ "$(curl -s -o /dev/null -w '%{http_code}' -H "Authorization: Bearer $key" "$base/api/snaps")" = 200 ]

stop_app
start_app
[ "$(curl -s -o /dev/null -w '%{http_code}' -H "Authorization: Bearer $key" "$base/api/snaps")" = 200 ]
[ "$(curl -s -o /dev/null -w '%{http_code}' -H "Authorization: Bearer ${key}x" "$base/api/snaps")" = 401 ]
echo "embedded smoke: ok (start, CLI on the running database, key survives a restart)"
