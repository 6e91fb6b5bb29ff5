#!/bin/sh
# The official image's first start, in short: a cluster with that user, password and database.
set -eu
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  printf '%s\n' "$POSTGRES_PASSWORD" >/tmp/password
  initdb --username="$POSTGRES_USER" --pwfile=/tmp/password --auth-host=scram-sha-256 --auth-local=trust -D "$PGDATA" >/dev/null
  rm /tmp/password
  echo "host all all all scram-sha-256" >>"$PGDATA/pg_hba.conf"
  pg_ctl -D "$PGDATA" -o "-c listen_addresses=''" -w start >/dev/null
  [ "$POSTGRES_DB" = postgres ] || createdb --username="$POSTGRES_USER" "$POSTGRES_DB"
  pg_ctl -D "$PGDATA" -m fast -w stop >/dev/null
fi
exec postgres -D "$PGDATA" -c listen_addresses='*'
