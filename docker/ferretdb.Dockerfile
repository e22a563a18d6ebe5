# FerretDB 1.x (SQLite handler) in an image of its own: the statically linked binary the project
# builds with CGO_ENABLED=0 (scripts/lib/database.ts) on an empty base. The test database of the
# container path where the official mongo image cannot be pulled. Built by scripts/lib/images.ts
# from a context holding the binary and an empty data/ folder; tagged with FerretDB's version.
FROM scratch
COPY ferretdb /ferretdb
COPY --chown=65534:65534 data /data
USER 65534:65534
WORKDIR /data
EXPOSE 27017
ENTRYPOINT ["/ferretdb"]
# In its own network namespace :27017 is the container's; the caller publishes it on loopback only
# or, with host networking, passes --listen-addr=127.0.0.1:<port>.
CMD ["--handler=sqlite", "--sqlite-url=file:/data/", "--state-dir=/data", "--listen-addr=:27017", \
     "--debug-addr=-", "--telemetry=disable", "--log-level=warn"]
