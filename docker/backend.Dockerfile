# syntax=docker/dockerfile:1
# The Paylock API. Build from the repository root:
#   docker build -f docker/backend.Dockerfile -t paylock-backend .
ARG NODE_IMAGE=node:24-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
# Manifests first, so the dependency layer is rebuilt only when they change. Every workspace's
# package.json is needed: `npm ci` checks the whole lock file against them.
COPY package.json package-lock.json .npmrc tsconfig.base.json ./
COPY backend/package.json backend/
COPY frontend/package.json frontend/
# The deal's limits, shared with the web app: a workspace package the API imports at run time.
COPY packages/deal-limits/ packages/deal-limits/
# A build machine whose TLS to the package registry passes through a proxy with its own CA gives
# that CA as the optional build secret `ca_certificates` (scripts/lib/images.ts does, from
# NODE_EXTRA_CA_CERTS); a secret is mounted for the one RUN only and never stored in a layer.
# Dev dependencies included (TypeScript, type packages). --ignore-scripts keeps out the root
# `node` devDependency's Node binary, which would otherwise shadow the image's Node in npm scripts.
RUN --mount=type=secret,id=ca_certificates \
    if [ -f /run/secrets/ca_certificates ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/ca_certificates; fi; \
    npm ci --workspace backend --include-workspace-root --ignore-scripts
COPY backend/ backend/
RUN npm run build --workspace backend

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY backend/package.json backend/
COPY frontend/package.json frontend/
COPY packages/deal-limits/ packages/deal-limits/
RUN --mount=type=secret,id=ca_certificates \
    if [ -f /run/secrets/ca_certificates ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/ca_certificates; fi; \
    npm ci --workspace backend --omit=dev --ignore-scripts \
    && npm cache clean --force
COPY --from=build /app/backend/dist backend/dist
USER node
EXPOSE 3000
# Readiness (the database answers). Slim images have no curl; Node's fetch does the job.
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 \
    CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/v1/health`, { signal: AbortSignal.timeout(4000) }).then((response) => process.exit(response.ok ? 0 : 1), () => process.exit(1))"]
# Node itself is PID 1 (no npm in between): the app handles SIGTERM and closes cleanly.
CMD ["node", "backend/dist/main.js"]
