#!/usr/bin/env bash
# Entry point of `npm start` and `npm test`: makes sure Node 24 and the project's dependencies are
# present (a fresh clone has neither), then hands over to the TypeScript task of the same name.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
task="${1:?usage: run.sh start|test}"
shift

readonly NODE_VERSION="24.21.0"
# Each long step says what it does and, once done, how long it took.
timed() {
  local label="$1" started=$SECONDS
  shift
  echo "paylock: $label…"
  "$@"
  echo "paylock: $label: done in $((SECONDS - started)) s"
}
if [[ ! -d node_modules ]]; then
  echo "paylock: first run: installs Node 24 (if needed) and the dependencies (about 1–3 minutes);"
  echo "paylock: later runs skip this while package-lock.json is unchanged."
fi
node_major() { node -p 'Number(process.versions.node.split(".")[0])' 2>/dev/null || echo 0; }

# npm puts node_modules/.bin (with the `node` devDependency) first on PATH; before the first
# install it is empty, so bring a project-local Node 24 for the install itself.
if (( $(node_major) < 24 )); then
  local_node="$root/.tools/node-$NODE_VERSION/node_modules/.bin"
  if [[ ! -x "$local_node/node" ]]; then
    timed "installing Node $NODE_VERSION into .tools/ (the machine has $(node --version 2>/dev/null || echo none))" \
      npm install --prefix "$root/.tools/node-$NODE_VERSION" --no-save --no-package-lock --no-audit --no-fund \
      --loglevel=error "node@$NODE_VERSION" >/dev/null
  fi
  export PATH="$local_node:$PATH"
fi

# Reinstall only when the lock file changed since the last install.
stamp="node_modules/.paylock-lock-hash"
lock_hash="$(sha256sum package-lock.json | cut -d' ' -f1)"
if [[ ! -f "$stamp" || "$(cat "$stamp")" != "$lock_hash" ]]; then
  timed "installing dependencies (npm ci)" npm ci --no-audit --no-fund --loglevel=error
  echo "$lock_hash" >"$stamp"
fi
export PATH="$root/node_modules/.bin:$PATH"

if (( $(node_major) < 24 )); then
  echo "paylock: Node 24 is required, found $(node --version)" >&2
  exit 1
fi

exec node "scripts/$task.ts" "$@"
