# A throwaway PostgreSQL server for the test suites: a fresh cluster in a temporary directory,
# owned by an unprivileged user, listening on 127.0.0.1 only, on a free port.
#
#   source .ci/postgres.sh
#   postgres_start   # exports DATABASE_URL_TEST=postgres://postgres@127.0.0.1:<port>/registrations_test
#   ...              # the server's pg tests use DATABASE_URL_TEST (they are skipped without it)
#   postgres_stop    # stops the server and deletes the cluster (safe to call twice)
#
# Needs PostgreSQL's server binaries (/usr/lib/postgresql/<version>/bin); installs Debian's
# `postgresql` package with apt-get when they are missing.

POSTGRES_CI_DIR=''
POSTGRES_CI_BIN=''

# The newest installed version's bin directory, or nothing (never a failure: callers run set -e).
_postgres_bin_dir() {
  local initdb
  initdb=$(compgen -G '/usr/lib/postgresql/*/bin/initdb' | sort -V | tail -n 1) || true
  if [ -n "$initdb" ]; then dirname "$initdb"; fi
}

# Runs a command as the cluster's owner: `postgres` when we are root (initdb refuses root).
_postgres_as_owner() {
  if [ "$(id -u)" -eq 0 ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

postgres_start() {
  POSTGRES_CI_BIN=$(_postgres_bin_dir)
  if [ -z "$POSTGRES_CI_BIN" ]; then
    echo 'Installing PostgreSQL from Debian packages'
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
    POSTGRES_CI_BIN=$(_postgres_bin_dir)
  fi

  POSTGRES_CI_DIR=$(mktemp -d "${TMPDIR:-/tmp}/ci-postgres.XXXXXX")
  if [ "$(id -u)" -eq 0 ]; then chown postgres: "$POSTGRES_CI_DIR"; fi

  local port
  port=$(node -e "const s = require('net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })")

  _postgres_as_owner "$POSTGRES_CI_BIN/initdb" -D "$POSTGRES_CI_DIR/data" -U postgres \
    --auth=trust --encoding=UTF8 --no-sync >"$POSTGRES_CI_DIR/initdb.log"
  # fsync off: a throwaway cluster needs no durability, and the tests run faster.
  # synchronous_commit off by default: the tests check that the server turns it on for itself.
  _postgres_as_owner "$POSTGRES_CI_BIN/pg_ctl" -D "$POSTGRES_CI_DIR/data" -l "$POSTGRES_CI_DIR/server.log" -w \
    -o "-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories='$POSTGRES_CI_DIR' -c fsync=off -c synchronous_commit=off" \
    start >/dev/null
  _postgres_as_owner "$POSTGRES_CI_BIN/createdb" -h 127.0.0.1 -p "$port" -U postgres registrations_test

  export DATABASE_URL_TEST="postgres://postgres@127.0.0.1:$port/registrations_test"
  echo "PostgreSQL $("$POSTGRES_CI_BIN/postgres" --version | awk '{print $3}') for the tests at $DATABASE_URL_TEST"
}

postgres_stop() {
  if [ -n "$POSTGRES_CI_DIR" ] && [ -d "$POSTGRES_CI_DIR" ]; then
    _postgres_as_owner "$POSTGRES_CI_BIN/pg_ctl" -D "$POSTGRES_CI_DIR/data" -m fast -w stop >/dev/null || true
    rm -rf "$POSTGRES_CI_DIR"
  fi
  POSTGRES_CI_DIR=''
  unset DATABASE_URL_TEST
}
