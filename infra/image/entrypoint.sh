#!/bin/sh
# The storefront image's roles: one part per container, chosen by the command.
set -eu
cd /app
SERVICES="catalog product checkout account content affiliate"

role="${1:-shell}"
case "$role" in
  shell)
    exec node shell/dist-node/main.js ;;
  catalog|product|checkout|account|content|affiliate)
    exec node "services/$role/dist-node/main.js" ;;
  migrate)
    # Each service's schema brought up to date (the same migrations every instance would apply at start).
    shift
    for service in ${*:-$SERVICES}; do
      node "services/$service/dist-node/main.js" --migrate-only
    done ;;
  *)
    echo "Unknown role '$role'. Roles: shell, $SERVICES, migrate [service…]" >&2
    exit 64 ;;
esac
