#!/usr/bin/env bash
# What the image's production stages do, on this machine: the package manifests alone, a production
# install of the parts that run (`npm ci --omit=dev` for the shell and the services), the build output
# copied in. Used by the Dockerfile's logic and by CI (verify-production.sh) to prove that is enough.
# usage: production-install.sh <repository> <target folder>
set -euo pipefail
repo=$(cd "$1" && pwd)
target=$2
RUNNABLE_WORKSPACES=(shell services/catalog services/product services/checkout services/account services/content services/affiliate)

mkdir -p "$target"
(cd "$repo" && find . -name package.json -not -path '*/node_modules/*' -not -path './.data/*' \
  -exec cp --parents {} "$target" \;)
cp "$repo/package-lock.json" "$target/"
# Only the runnable workspaces and the workspace packages they need at run time are kept: npm installs
# every workspace's dependencies, and the others (the remotes, the build configuration, delivery, the
# tests) would bring the build tools (webpack, TypeScript, the federation plugin) into the image.
node "$repo/infra/image/runtime-workspaces.cjs" "$target" "${RUNNABLE_WORKSPACES[@]}"
workspaces=()
for workspace in "${RUNNABLE_WORKSPACES[@]}"; do workspaces+=(--workspace "$workspace"); done
(cd "$target" && npm ci --omit=dev --ignore-scripts --no-audit --no-fund "${workspaces[@]}" >/dev/null)

# The build output: bundles, migrations, the shell's browser build and server renderer.
for dir in "$repo"/services/*/; do
  name=$(basename "$dir")
  for part in dist-node migrations; do
    if [ -d "$dir$part" ]; then cp -r "$dir$part" "$target/services/$name/"; fi
  done
done
for package in artifact-store server-kit; do
  mkdir -p "$target/packages/$package"
  cp -r "$repo/packages/$package/migrations" "$target/packages/$package/"
done
cp -r "$repo/shell/dist" "$repo/shell/dist-node" "$target/shell/"
