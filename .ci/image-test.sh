#!/usr/bin/env bash
# The container image (Containerfile), built and run as a deployment runs it: podman from Debian's
# packages (runtime runc: crun refuses this kernel's hybrid cgroups), on a base image made here
# (.ci/image-base.sh: no image registry is reachable), against the machine's PostgreSQL. Checks its
# size, user and PID 1, the health check, the admin CLI inside, a board with an uploaded image, its
# thumbnail and its PNG export, the data volume, and the drain on `podman stop` (exit 0).
set -euo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS
if ! command -v podman >/dev/null || ! command -v runc >/dev/null || ! command -v debootstrap >/dev/null; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq podman runc debootstrap >/dev/null
fi
podman() { command podman --runtime runc --cgroup-manager cgroupfs --events-backend file "$@"; }
node_version=${IMAGE_NODE_VERSION:-24.22.3}
.ci/image-base.sh "$node_version" node:24-bookworm-slim
mark() { printf '[image %ss] %s\n' "$((SECONDS - started))" "$*"; }

tag=localhost/snap-board:ci
mark "building $tag"
# The host's npm cache stands in for the registry's tarballs already fetched (npm ci --prefer-offline),
# and the host's CA bundle for the registry's certificate (this machine reaches it through a proxy
# that signs with its own CA; NODE_EXTRA_CA_CERTS names it here, else the system's bundle).
mkdir -p "$HOME/.npm"
ca_bundle=${NODE_EXTRA_CA_CERTS:-/etc/ssl/certs/ca-certificates.crt}
podman build --quiet --format docker --network host --ulimit "nofile=$(ulimit -Hn):$(ulimit -Hn)" \
  --volume "$HOME/.npm:/root/.npm" --volume "$ca_bundle:/run/host-ca.crt:ro" --build-arg NODE_EXTRA_CA_CERTS=/run/host-ca.crt \
  --tag "$tag" . >/dev/null
size=$(podman image inspect --format '{{.Size}}' "$tag")
mark "built: $((size / 1000000)) MB"
[ "$size" -le 400000000 ] || { echo "the image is over 400 MB" >&2; exit 1; }
[ "$(podman image inspect --format '{{.Config.User}}' "$tag")" = node ] || { echo "the image does not run as node" >&2; exit 1; }

database="snap_image_$(date +%s)_$$"
container="snap-image-$$"
volume="snap-image-data-$$"
png=$(mktemp)
cleanup() {
  rm -f "$png"
  podman rm --force --time 0 "$container" >/dev/null 2>&1 || true
  podman volume rm --force "$volume" >/dev/null 2>&1 || true
  psql -h 127.0.0.1 -U postgres -qc "DROP DATABASE IF EXISTS $database WITH (FORCE)" >/dev/null 2>&1 || true
}
trap cleanup EXIT
psql -h 127.0.0.1 -U postgres -v ON_ERROR_STOP=1 -qc "CREATE DATABASE $database"
port=$(node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })')
base="http://127.0.0.1:$port"
# Host networking: the machine's PostgreSQL listens on 127.0.0.1 only. The ulimits: runc may not
# raise them to podman's defaults past this machine's hard limits.
podman run --detach --name "$container" --network host --ulimit "nofile=$(ulimit -Hn):$(ulimit -Hn)" --ulimit nproc=4096:4096 \
  --volume "$volume:/data" \
  --env DATABASE_URL="postgres://postgres@127.0.0.1:5432/$database" --env PORT="$port" --env AUTH_URL="$base" \
  --env SHUTDOWN_DRAIN_SECONDS=2 "$tag" >/dev/null
mark "started on $base"
for _ in $(seq 1 120); do
  [ "$(podman inspect --format '{{.State.Health.Status}}' "$container")" = healthy ] && break
  [ "$(podman inspect --format '{{.State.Running}}' "$container")" = true ] || { podman logs "$container"; exit 1; }
  podman healthcheck run "$container" >/dev/null 2>&1 || sleep 1
done
[ "$(podman inspect --format '{{.State.Health.Status}}' "$container")" = healthy ] || { podman logs "$container"; echo "never healthy" >&2; exit 1; }
mark "healthy (HEALTHCHECK)"
[ "$(podman exec "$container" sh -c "tr '\\0' ' ' </proc/1/cmdline")" = "node scripts/start.mjs " ] || { echo "PID 1 is not the launcher on node" >&2; exit 1; }
[ "$(podman exec "$container" id -un)" = node ] || { echo "not running as node" >&2; exit 1; }

# The admin CLI inside the container (docs/OPERATIONS.md, "Container image"): a user and an API key.
email="image-$$@example.com"
podman exec "$container" node launcher/cli.mjs user:create --email "$email" --password "correct-horse-42" --name Image >/dev/null
key=$(podman exec "$container" node launcher/cli.mjs apikey:create --email "$email" --name image 2>/dev/null | tail -n 1)
auth=(-H "Authorization: Bearer $key")
podman exec "$container" node launcher/migrate.mjs | grep "up to date" >/dev/null || { echo "launcher/migrate.mjs failed" >&2; exit 1; }
mark "CLI: user and API key made; the migration step (the Kubernetes Job's) finds the database up to date"

snap=$(curl -fsS "${auth[@]}" -H 'Content-Type: application/json' -d '{"title":"From the image","rows":2,"cols":2}' "$base/api/snaps")
snap_id=$(node -e 'console.log(JSON.parse(process.argv[1]).snap.id)' "$snap")
curl -fsS "${auth[@]}" "$base/api/snaps/$snap_id" | grep '"From the image"' >/dev/null
file=$(curl -fsS "${auth[@]}" -H 'Content-Type: application/octet-stream' --data-binary @public/icon-192.png "$base/api/snaps/$snap_id/files?name=icon.png")
file_id=$(node -e 'const f = JSON.parse(process.argv[1]).file; if (!f.thumbnailUrl) throw new Error("no thumbnail"); console.log(f.id)' "$file")
curl -fsS "${auth[@]}" -o /dev/null "$base/api/files/$file_id?size=thumb"
podman exec "$container" sh -c 'find /data/files -type f | grep . >/dev/null' || { echo "the upload is not in the /data volume" >&2; exit 1; }
curl -fsS "${auth[@]}" -o "$png" "$base/api/snaps/$snap_id/export?format=png"
[ "$(head -c 4 "$png" | tail -c 3)" = PNG ] || { echo "no PNG export" >&2; exit 1; }
mark "a board, an uploaded image (in /data), its thumbnail and the PNG export"

memory=$(podman exec "$container" sh -c 'total=0; for pid in $(ls /proc | grep -E "^[0-9]+$"); do pss=$(awk "/^Pss:/ {print \$2}" /proc/$pid/smaps_rollup 2>/dev/null); total=$((total + ${pss:-0})); done; echo $((total / 1024))')
mark "memory: ${memory} MB PSS, every process of the container"

# podman stop sends SIGTERM: the launcher drains the server (health 503 "draining" meanwhile, while
# requests are still served) and exits 0.
podman stop --time 60 "$container" >/dev/null &
stopping=$!
until curl -sS "$base/api/health" 2>/dev/null | grep draining >/dev/null; do
  kill -0 "$stopping" 2>/dev/null || { echo "stopped without draining" >&2; exit 1; }
done
curl -fsS "${auth[@]}" -o /dev/null "$base/api/snaps/$snap_id"
wait "$stopping"
exit_code=$(podman inspect --format '{{.State.ExitCode}}' "$container")
podman logs "$container" 2>&1 | tail -n 5
[ "$exit_code" = 0 ] || { echo "podman stop: exit code $exit_code" >&2; exit 1; }
podman logs "$container" 2>&1 | grep "SIGTERM: stopping" >/dev/null || { echo "no drain in the log" >&2; exit 1; }
mark "podman stop: drained, exit 0"
