"""
Prints docker-compose.yml as podman-compose understands it (services after its own interpolation
and normalisation), as JSON. Debian's podman-compose 1.0.3 has no `config` command and its
--dry-run still creates volumes and networks, so this calls its parser directly and runs no podman
command. Usage: python3 compose-config.py <compose file>   (variables from the environment)
"""
import json
import sys

import podman_compose

compose = podman_compose.podman_compose  # the instance its commands are registered on
sys.argv = ["podman-compose", "--file", sys.argv[1], "ps"]
compose._parse_args()
compose._parse_compose_file()
print(json.dumps({
    "project": compose.project_name,
    "services": {name: {key: value for key, value in service.items() if not key.startswith("_")}
                 for name, service in compose.services.items()},
    "volumes": sorted(compose.vols or {}),
    "containers": [container["name"] for container in compose.containers],
}, indent=2, default=str))
