# A throwaway Redis server for the test suites: in memory only, on 127.0.0.1, on a free port.
#
#   source .ci/redis.sh
#   redis_start   # exports REDIS_URL_TEST=redis://127.0.0.1:<port>
#   redis_stop    # stops it (safe to call twice)
#
# Installs Debian's `redis-server` package with apt-get when it is missing.

REDIS_CI_DIR=''

redis_start() {
  if ! command -v redis-server >/dev/null; then
    echo 'Installing Redis from Debian packages'
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >/dev/null
  fi
  REDIS_CI_DIR=$(mktemp -d "${TMPDIR:-/tmp}/ci-redis.XXXXXX")
  local port
  port=$(node -e "const s = require('net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })")
  redis-server --bind 127.0.0.1 --port "$port" --save '' --appendonly no --daemonize yes \
    --dir "$REDIS_CI_DIR" --pidfile "$REDIS_CI_DIR/redis.pid" --logfile "$REDIS_CI_DIR/redis.log"
  for _ in $(seq 50); do
    redis-cli -p "$port" ping >/dev/null 2>&1 && break
    sleep 0.1
  done
  export REDIS_URL_TEST="redis://127.0.0.1:$port"
  echo "Redis $(redis-server --version | awk '{print $3}') for the tests at $REDIS_URL_TEST"
}

redis_stop() {
  if [ -n "$REDIS_CI_DIR" ] && [ -f "$REDIS_CI_DIR/redis.pid" ]; then
    kill "$(cat "$REDIS_CI_DIR/redis.pid")" 2>/dev/null || true
    rm -rf "$REDIS_CI_DIR"
  fi
  REDIS_CI_DIR=''
  unset REDIS_URL_TEST
}
