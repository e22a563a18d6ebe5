# nginx from Debian's packages on a Debian base made with mmdebstrap: the NGINX_IMAGE of
# frontend.Dockerfile where the official nginxinc/nginx-unprivileged image cannot be pulled
# (scripts/lib/images.ts builds it on such a machine). It keeps that image's contract, which
# frontend.Dockerfile relies on: non-root (uid 101) on port 8080, /etc/nginx/templates/*.template
# rendered into conf.d/ at start (NGINX_ENVSUBST_FILTER, NGINX_ENTRYPOINT_LOCAL_RESOLVERS), the
# site in /usr/share/nginx/html, wget for the health check, SIGQUIT for a graceful stop.
# The Debian base image scripts/lib/images.ts makes with mmdebstrap (localhost/paylock-debian:…).
ARG DEBIAN_IMAGE
FROM ${DEBIAN_IMAGE}
RUN set -eu; \
    apt-get update -qq; \
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
        nginx-light gettext-base wget >/dev/null; \
    apt-get clean; \
    rm -rf /var/lib/apt/lists/* /var/cache/apt/*.bin /etc/nginx/sites-enabled /etc/nginx/sites-available \
        /etc/nginx/conf.d /var/www/html; \
    groupadd --system --gid 101 nginx; \
    useradd --system --uid 101 --gid nginx --no-create-home --home-dir /nonexistent \
        --shell /usr/sbin/nologin nginx; \
    mkdir -p /etc/nginx/conf.d /etc/nginx/templates /usr/share/nginx/html; \
    chown nginx:nginx /etc/nginx/conf.d; \
    nginx -v
COPY nginx.conf /etc/nginx/nginx.conf
COPY nginx-entrypoint.sh /docker-entrypoint.sh
USER 101
EXPOSE 8080
STOPSIGNAL SIGQUIT
ENTRYPOINT ["/docker-entrypoint.sh"]
CMD ["nginx", "-g", "daemon off;"]
