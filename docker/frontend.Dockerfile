# syntax=docker/dockerfile:1
# The Paylock web app: the built (prerendered) SPA served by unprivileged nginx on port 8080, with
# /api proxied to the backend. Build from the repository root:
#   docker build -f docker/frontend.Dockerfile -t paylock-frontend .
ARG NODE_IMAGE=node:24-slim
ARG NGINX_IMAGE=nginxinc/nginx-unprivileged:alpine

FROM ${NODE_IMAGE} AS build
WORKDIR /app
# Manifests first for layer caching; `npm ci` checks the lock file against every workspace.
COPY package.json package-lock.json .npmrc tsconfig.base.json ./
COPY backend/package.json backend/
COPY frontend/package.json frontend/
# The deal's limits, shared with the API: a workspace package the app's forms import.
COPY packages/deal-limits/ packages/deal-limits/
# A build machine whose TLS to the package registry passes through a proxy with its own CA gives
# that CA as the optional build secret `ca_certificates` (scripts/lib/images.ts does, from
# NODE_EXTRA_CA_CERTS); a secret is mounted for the one RUN only and never stored in a layer.
# --ignore-scripts keeps out the root `node` devDependency's Node binary (the image has Node 24).
RUN --mount=type=secret,id=ca_certificates \
    if [ -f /run/secrets/ca_certificates ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/ca_certificates; fi; \
    npm ci --workspace frontend --include-workspace-root --ignore-scripts
COPY frontend/ frontend/
# The privacy page (/privacy) renders the policy from its one source in docs/.
COPY docs/privacy.md docs/
# The preview banner belongs to preview workspaces, not to a deployment.
ARG VITE_PREVIEW_BANNER=false
# The site's public URL: canonical and Open Graph URLs, robots.txt and sitemap.xml.
ARG PUBLIC_URL=http://localhost:8080
# The grievance officer's postal address on the help pages (none shown when empty).
ARG VITE_GRIEVANCE_ADDRESS=
ENV VITE_PREVIEW_BANNER=${VITE_PREVIEW_BANNER} PUBLIC_URL=${PUBLIC_URL} \
    VITE_GRIEVANCE_ADDRESS=${VITE_GRIEVANCE_ADDRESS}
RUN npm run build --workspace frontend
COPY docker/nginx/security-headers.ts docker/nginx/security-headers.conf docker/nginx/
RUN node docker/nginx/security-headers.ts frontend/dist docker/nginx/security-headers.conf \
    security-headers.conf

FROM ${NGINX_IMAGE} AS runtime
# Read by the image's entrypoint, which renders /etc/nginx/templates/*.template into conf.d/.
ENV PAYLOCK_API_UPSTREAM=backend:3000 \
    PAYLOCK_TRUSTED_PROXY=127.0.0.1 \
    NGINX_ENTRYPOINT_LOCAL_RESOLVERS=1 \
    NGINX_ENVSUBST_FILTER=PAYLOCK_|NGINX_LOCAL_RESOLVERS
COPY docker/nginx/default.conf.template /etc/nginx/templates/default.conf.template
COPY --from=build /app/security-headers.conf /etc/nginx/paylock/security-headers.conf
COPY --from=build /app/frontend/dist /usr/share/nginx/html
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 \
    CMD ["wget", "-q", "-O", "/dev/null", "http://127.0.0.1:8080/"]
