#!/bin/sh
# Start-up of the Debian-based nginx image (base/nginx.Dockerfile), doing what the official
# image's entrypoint does for frontend.Dockerfile: NGINX_LOCAL_RESOLVERS from /etc/resolv.conf when
# NGINX_ENTRYPOINT_LOCAL_RESOLVERS is set, then every /etc/nginx/templates/*.template rendered
# into /etc/nginx/conf.d/ with envsubst, substituting only the variables NGINX_ENVSUBST_FILTER
# (an extended regular expression) matches. Then the command (nginx) replaces this shell.
set -eu

if [ -n "${NGINX_ENTRYPOINT_LOCAL_RESOLVERS:-}" ]; then
    resolvers=''
    for address in $(sed -n 's/^nameserver[[:space:]]\{1,\}\([^[:space:]]\{1,\}\).*/\1/p' /etc/resolv.conf); do
        case "$address" in
            *:*) resolvers="$resolvers [$address]" ;;
            *) resolvers="$resolvers $address" ;;
        esac
    done
    NGINX_LOCAL_RESOLVERS="${resolvers# }"
    export NGINX_LOCAL_RESOLVERS
fi

filter="${NGINX_ENVSUBST_FILTER:-.}"
names=$(env | cut -d= -f1 | grep -E -- "$filter" || true)
defined=''
for name in $names; do defined="$defined \${$name}"; done
for template in /etc/nginx/templates/*.template; do
    [ -f "$template" ] || continue
    output="/etc/nginx/conf.d/$(basename "$template" .template)"
    envsubst "$defined" <"$template" >"$output"
done

# Debian bookworm's nginx (1.22) predates `server … resolve;` in an upstream (1.27.3): there the
# upstream's name is looked up once, at start, as nginx always did before.
version=$(nginx -v 2>&1 | sed -n 's|.*nginx/||p')
if [ "$(printf '%s\n' "$version" 1.27.3 | sort -V | head -n 1)" != 1.27.3 ]; then
    sed -i 's/^\([[:space:]]*server [^;]*\) resolve;/\1;/' /etc/nginx/conf.d/*.conf
fi

exec "$@"
