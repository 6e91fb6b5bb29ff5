#!/usr/bin/env bash
# Smoke test of the zero-setup path: no DATABASE_URL, so `npm start` runs on the embedded
# PostgreSQL; the admin CLI reaches the same running database; data survives a restart.
set -euo pipefail
cd "$(dirname "$0")/.."
unset DATABASE_URL
export SNAP_DATA_DIR; SNAP_DATA_DIR="$(mktemp -d)"
chmod 755 "$SNAP_DATA_DIR" # as root, PostgreSQL runs as the postgres user, which must reach the folder
port=${SMOKE_PORT:-3210}
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
  # As a user starts it; a session of its own, so that the leftovers check below sees only its processes.
  PORT=$port setsid npm start >"$SNAP_DATA_DIR/start.log" 2>&1 &
  server=$!
  for _ in $(seq 1 180); do
    if curl -fsS "$base/api/health" >/dev/null 2>&1; then return 0; fi
    sleep 1
  done
  cat "$SNAP_DATA_DIR/start.log"; echo "the app did not become healthy on the embedded database" >&2; return 1
}
stop_app() {
  # SIGTERM to npm alone, as a service manager sends it: every process of the session must go.
  kill -TERM "$server" 2>/dev/null || true
  for _ in $(seq 1 30); do
    pgrep -s "$server" >/dev/null || break
    sleep 1
  done
  if pgrep -s "$server" >/dev/null; then
    ps -o pid,args -s "$server"; echo "processes left 30 s after SIGTERM" >&2
    kill -KILL -- "-$server" 2>/dev/null || true
    server=""
    return 1
  fi
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
