# syntax=docker/dockerfile:1
# One image for every part of the storefront; the role is the command (see infra/image/entrypoint.sh
# and docs/adr/0006-one-image-role-by-command.md):
#   docker run storefront catalog | product | checkout | account | content | affiliate | shell | migrate
# The `deployer` target adds what publishing and deploying remotes need (the build tools, Chromium).

ARG NODE_IMAGE=node:20.19-bookworm

# Everything installed and built: the browser modules (webpack) and the production bundles (esbuild).
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund && npm run build

# The runtime dependencies alone and the build output: infra/image/production-install.sh, the same
# script CI runs to prove that `npm ci --omit=dev` and the build output are enough to start every part.
FROM ${NODE_IMAGE}-slim AS production-files
COPY --from=build /app /src
RUN bash /src/infra/image/production-install.sh /src /app

FROM ${NODE_IMAGE}-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0 STOREFRONT_DATA_DIR=/var/lib/storefront
COPY --from=production-files /app/ ./
COPY infra/image/entrypoint.sh /usr/local/bin/storefront
RUN mkdir -p /var/lib/storefront && chown node:node /var/lib/storefront
USER node
ENTRYPOINT ["/usr/local/bin/storefront"]
CMD ["shell"]

# Publishing and deploying remotes (npm run publish-remotes / deploy / rollback): the full build, with
# Debian's Chromium for the deploy's smoke check.
FROM build AS deployer
RUN apt-get update && apt-get install -y --no-install-recommends chromium && rm -rf /var/lib/apt/lists/*
ENV CHROMIUM_PATH=/usr/bin/chromium NODE_ENV=production
ENTRYPOINT ["npm", "run", "--silent"]
CMD ["publish-remotes"]
