#!/usr/bin/env bash
# Run a command against a throwaway PostgreSQL 15 cluster: initdb into a temporary
# folder, start it on a private Unix socket, export DATABASE_URL, run the command,
# stop the cluster and remove it. The server logs every autovacuum and autoanalyze
# run (to $SANITAS_POSTGRES_LOG). Uses the machine's own binaries (Debian's
# postgresql-15); as root, the server runs as the postgres user.
set -euo pipefail

PGBIN=${PGBIN:-/usr/lib/postgresql/15/bin}
if [ ! -x "$PGBIN/initdb" ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql-15 >/dev/null
  else
    echo "with-postgres: no PostgreSQL binaries in $PGBIN" >&2
    exit 3
  fi
fi

dir=$(mktemp -d /tmp/sanitas-pg.XXXXXX)
as_owner=()
if [ "$(id -u)" = 0 ]; then
  chown postgres "$dir"
  as_owner=(runuser -u postgres --)
fi
cleanup() {
  "${as_owner[@]}" "$PGBIN/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap cleanup EXIT

"${as_owner[@]}" "$PGBIN/initdb" -D "$dir/data" -U sanitas -A trust -E UTF8 --no-locale >/dev/null
"${as_owner[@]}" "$PGBIN/pg_ctl" -D "$dir/data" -s -w -l "$dir/log" \
  -o "-k $dir -c listen_addresses='' -c fsync=off -c full_page_writes=off -c log_autovacuum_min_duration=0" start
export DATABASE_URL="postgres://sanitas@/postgres?host=$dir"
# the server's log, which records every autovacuum run (`sanitas bench sweep --explain-read`)
export SANITAS_POSTGRES_LOG="$dir/log"
export SANITAS_EXPECT_POSTGRES=1
"$@"
