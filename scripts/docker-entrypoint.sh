#!/bin/sh
# The image's entry point (Dockerfile): `serve` runs the portal; migrate, backup, restore and
# seed-demo run the tool of that name (scripts/cli.ts), with the rest of the arguments.
set -e
if [ "${1:-serve}" = "serve" ]; then
  [ "$#" -gt 0 ] && shift
  exec node --max-old-space-size=160 --max-semi-space-size=16 --enable-source-maps build/server/main.js "$@"
fi
exec node --enable-source-maps build/server/cli.js "$@"
