#!/usr/bin/env bash
# Proves what the image promises, on this machine: a production install (infra/image/production-install.sh:
# `npm ci --omit=dev` and the build output, no TypeScript tooling) starts every service and the shell
# with plain node, and the shell renders a product page from them.
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT

# A test run has built already (STOREFRONT_PREBUILT=1, as CI says after npm test): its build is checked.
if [ "${STOREFRONT_PREBUILT:-}" != 1 ]; then (cd "$repo" && npm run --silent build >/dev/null); fi
bash "$repo/infra/image/production-install.sh" "$repo" "$work/app"
# The build tools stay out of it: the remotes' federation plugin (with webpack and TypeScript) and the
# bundlers are only what builds the bundles it holds.
for tool in webpack typescript esbuild @module-federation/enhanced @module-federation/dts-plugin @swc/core; do
  if [ -e "$work/app/node_modules/$tool" ]; then
    echo "The production install holds the build tool $tool: the package that pulls it in lists it as a runtime dependency." >&2
    (cd "$work/app" && npm ls "$tool" --omit=dev 2>/dev/null | head -n 20) >&2 || true
    exit 1
  fi
done
# The remotes, published into an artifact folder of the shell's own (the registry as a file).
(cd "$repo" && ARTIFACT_DIR="$work/artifacts" npm run --silent publish-remotes >/dev/null)

offset=700
export STOREFRONT_DATA_DIR="$work/data" LOG_LEVEL=warn
for part in catalog:4001 product:4002 checkout:4003 account:4004 content:4005 affiliate:4006; do
  export "$(echo "${part%%:*}" | tr a-z A-Z)_SERVICE_URL=http://127.0.0.1:$((${part##*:} + offset))"
done
cd "$work/app"
for part in catalog:4001 product:4002 checkout:4003 account:4004 content:4005 affiliate:4006; do
  PORT=$((${part##*:} + offset)) node "services/${part%%:*}/dist-node/main.js" >"$work/${part%%:*}.log" 2>&1 &
  pids+=($!)
done
PORT=$((3000 + offset)) ARTIFACT_DIR="$work/artifacts" node shell/dist-node/main.js >"$work/shell.log" 2>&1 &
pids+=($!)

ready() { curl -sf "http://127.0.0.1:$1/readyz" >/dev/null; }
for port in 4001 4002 4003 4004 4005 4006 3000; do
  for _ in $(seq 1 120); do ready $((port + offset)) && break; sleep 0.5; done
  if ! ready $((port + offset)); then
    echo "The production install did not start the part on port $((port + offset)):" >&2
    tail -n 20 "$work"/*.log >&2
    exit 1
  fi
done
# The first render loads the product module's server container: asked up to three times, and each
# answer that is not the page is shown (its status, its title and its start).
page="http://127.0.0.1:$((3000 + offset))/product/bpc-157"
for attempt in 1 2 3; do
  status=$(curl -s -o "$work/page.html" -w '%{http_code}' "$page" || echo 'no answer')
  if [ "$status" = 200 ] && grep -q '<title>BPC-157' "$work/page.html"; then break; fi
  title=$(grep -o '<title>[^<]*' "$work/page.html" 2>/dev/null | head -n 1 || true)
  echo "Attempt $attempt: $page answered $status, ${title:-no title}: $(head -c 200 "$work/page.html" 2>/dev/null)" >&2
  if [ "$attempt" = 3 ]; then
    echo 'The shell of the production install did not render the BPC-157 page.' >&2
    tail -n 20 "$work"/*.log >&2
    exit 1
  fi
  sleep 2
done
echo 'Production install: every service and the shell start with plain node and render pages.'
