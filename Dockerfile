# syntax=docker/dockerfile:1
# Curio: one Node process serving the tRPC API, WebSockets and the built client.
# Build: docker build -t curio .
# Run:   docker run -e DATABASE_URL=postgres://... -e PUBLIC_ORIGIN=https://curio.example -p 3000:3000 curio
# CI builds and starts it with buildah, no daemon: npm run container:check (scripts/container-check.sh)

ARG NODE_IMAGE=node:24-bookworm-slim

# All dependencies (dev included), from the lock file only, so this layer is cached until it changes.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY server/package.json server/
COPY client/package.json client/
RUN npm ci --no-audit --no-fund

# The client bundle (client/dist), which the server serves as static files.
FROM deps AS client-build
COPY tsconfig.base.json ./
COPY shared shared
COPY server server
COPY client client
RUN npm run build

# Only what the server needs at run time: its own dependencies and the shared workspace link.
FROM ${NODE_IMAGE} AS server-deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY server/package.json server/
COPY client/package.json client/
# typescript comes along only as @trpc/server's peer dependency (for its types), which npm counts as
# a production dependency (--omit=dev and --omit=peer both keep it); nothing imports it at run time
RUN npm ci --omit=dev --workspace server --include-workspace-root=false --no-audit --no-fund \
  && rm -rf node_modules/typescript node_modules/.bin/tsc node_modules/.bin/tsserver \
  && npm cache clean --force

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data \
    AUTO_SEED=false
WORKDIR /app
COPY --from=server-deps /app ./
COPY tsconfig.base.json ./
COPY shared shared
COPY server server
# the server words its refusals with the client's own error texts, imported from here (ADR 0031)
COPY client/src/i18n/locales client/src/i18n/locales
COPY migrations migrations
# maintenance commands run inside the container: docker exec curio npm run admin:create -- ...
COPY scripts scripts
COPY --from=client-build /app/client/dist client/dist
# the server never writes into /app; uploads and an embedded database (no DATABASE_URL) live in /data
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Node runs the TypeScript sources itself (type stripping; erasableSyntaxOnly keeps them strippable),
# so there is no transpiler in the image, and node is PID 1's only child of interest: SIGTERM from
# `docker stop` reaches the server's graceful shutdown
CMD ["node", "server/src/main.ts"]
