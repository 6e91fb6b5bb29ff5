#!/usr/bin/env bash
# compose.yaml, run as docs/OPERATIONS.md says, as far as this machine allows: podman-compose from
# Debian's packages, the app's image from .ci/image-test.sh, and images built here standing in for
# the registry's PostgreSQL and MinIO (.ci/stand-ins/, tagged with the names compose.yaml uses).
# Checks that the app becomes healthy on the compose network, that the CLI works inside, that an
# upload lands in the S3 store's volume, and that `down` drains the app (exit 0).
set -euo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS
mark() { printf '[compose %ss] %s\n' "$((SECONDS - started))" "$*"; }
command -v podman-compose >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq podman-compose >/dev/null; }
app_image=${APP_IMAGE:-localhost/snap-board:ci}

# podman-compose runs `podman` from PATH: this one adds what this machine needs (.ci/image-test.sh).
shim=$(mktemp -d)
project_dir=$(mktemp -d)
project="snap-compose-$$"
cleanup() {
  (cd "$project_dir" && PATH="$shim:$PATH" podman-compose -p "$project" down --volumes >/dev/null 2>&1) || true
  rm -rf "$shim" "$project_dir"
}
trap cleanup EXIT
cat >"$shim/podman" <<SHIM
#!/bin/sh
if [ "\$1" = run ]; then shift; set -- run --ulimit nofile=$(ulimit -Hn):$(ulimit -Hn) --ulimit nproc=4096:4096 "\$@"; fi
exec $(command -v podman) --runtime runc --cgroup-manager cgroupfs --events-backend file "\$@"
SHIM
chmod +x "$shim/podman"
podman() { "$shim/podman" "$@"; }

# The stand-ins, built once per machine (podman keeps them), under the names compose.yaml uses.
image_of() { sed -n "/^  $1:\$/,/^  [a-z]/s/^    image: //p" compose.yaml | head -n 1; }
ca_bundle=${NODE_EXTRA_CA_CERTS:-/etc/ssl/certs/ca-certificates.crt}
for service in postgres s3; do
  name=$(image_of "$service")
  label="snap.stand-in=$(cat .ci/stand-ins/$service* .ci/stand-ins/*.mjs | sha256sum | cut -c1-16)"
  if [ "$(podman image inspect --format '{{index .Config.Labels "snap.stand-in"}}' "$name" 2>/dev/null)" != "${label#snap.stand-in=}" ]; then
    mark "building the stand-in for $name"
    podman build --quiet --network host --ulimit "nofile=$(ulimit -Hn):$(ulimit -Hn)" --label "$label" --volume "$ca_bundle:/run/host-ca.crt:ro" \
      --build-arg NODE_EXTRA_CA_CERTS=/run/host-ca.crt -f ".ci/stand-ins/$service.Containerfile" -t "$name" .ci/stand-ins >/dev/null
  fi
done
mark "stand-ins ready"

port=$(node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })')
cp compose.yaml "$project_dir/"
sed -e "s|^AUTH_SECRET=.*|AUTH_SECRET=$(head -c 32 /dev/urandom | base64)|" \
  -e "s|^POSTGRES_PASSWORD=.*|POSTGRES_PASSWORD=compose-test|" \
  -e "s|^S3_ACCESS_KEY_ID=.*|S3_ACCESS_KEY_ID=S3RVER|" -e "s|^S3_SECRET_ACCESS_KEY=.*|S3_SECRET_ACCESS_KEY=S3RVER|" \
  -e "s|^SNAP_PORT=.*|SNAP_PORT=$port|" -e "s|^AUTH_URL=.*|AUTH_URL=http://127.0.0.1:$port|" -e "s|^SNAP_IMAGE=.*|SNAP_IMAGE=$app_image|" \
  .env.example >"$project_dir/.env"
compose() { (cd "$project_dir" && PATH="$shim:$PATH" podman-compose -p "$project" "$@"); }
compose up -d --no-build >/dev/null 2>&1 || { compose logs || true; exit 1; }
mark "up: app on 127.0.0.1:$port"
app="${project}_app_1"
for _ in $(seq 1 120); do
  [ "$(podman inspect --format '{{.State.Health.Status}}' "$app" 2>/dev/null)" = healthy ] && break
  podman healthcheck run "$app" >/dev/null 2>&1 || sleep 1
done
[ "$(podman inspect --format '{{.State.Health.Status}}' "$app")" = healthy ] || { podman logs "$app"; echo "the app never became healthy" >&2; exit 1; }
mark "app healthy"
[ "$(podman inspect --format '{{.State.ExitCode}}' "${project}_s3-bucket_1")" = 0 ] || { podman logs "${project}_s3-bucket_1"; exit 1; }

email="compose-$$@example.com"
podman exec "$app" node launcher/cli.mjs user:create --email "$email" --password "correct-horse-42" >/dev/null
key=$(podman exec "$app" node launcher/cli.mjs apikey:create --email "$email" --name compose 2>/dev/null | tail -n 1)
base="http://127.0.0.1:$port"
snap=$(curl -fsS -H "Authorization: Bearer $key" -H 'Content-Type: application/json' -d '{"rows":1,"cols":1}' "$base/api/snaps")
snap_id=$(node -e 'console.log(JSON.parse(process.argv[1]).snap.id)' "$snap")
curl -fsS -H "Authorization: Bearer $key" --data-binary @public/icon-192.png "$base/api/snaps/$snap_id/files?name=icon.png" >/dev/null
podman exec "${project}_s3_1" sh -c 'find /data/snap-board -type f | grep . >/dev/null' || { echo "the upload is not in the S3 store" >&2; exit 1; }
mark "CLI, a board and an upload in the S3 store's volume"

compose stop app >/dev/null 2>&1
[ "$(podman inspect --format '{{.State.ExitCode}}' "$app")" = 0 ] || { podman logs "$app" | tail; echo "the app did not exit 0" >&2; exit 1; }
podman logs "$app" 2>&1 | grep "SIGTERM: stopping" >/dev/null || { echo "no drain in the log" >&2; exit 1; }
mark "stopped: drained, exit 0"
