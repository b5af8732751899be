# CEASA Regional in a container, built from the release: the same `npm run release` and `npm ci --omit=dev`
# as a server install (docs/operacao.md, "Docker"). From the repository's root:
#   docker build -t ceasa-regional .        docker compose up -d   (compose.yaml: with PostgreSQL)

# 1. The release, built from this checkout with the whole toolchain (discarded afterwards).
FROM node:22-bookworm AS release
WORKDIR /src
COPY . .
RUN npm ci --no-audit --no-fund && npm run release && mkdir /release && tar -xzf release/ceasa-regional-*.tar.gz -C /release --strip-components=1

# 2. Its production install: only the packages it lists.
FROM node:22-bookworm-slim AS instalacao
WORKDIR /opt/ceasa-regional
COPY --from=release /release/ ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# 3. What runs: Node, the release and its node_modules, as the unprivileged `node` user.
FROM node:22-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/var/lib/ceasa-regional
WORKDIR /opt/ceasa-regional
COPY --from=instalacao --chown=root:root /opt/ceasa-regional ./
RUN mkdir -p /var/lib/ceasa-regional && chown node:node /var/lib/ceasa-regional
USER node
# The embedded database, the signing key's first copy and the first super-admin's password file live here.
VOLUME ["/var/lib/ceasa-regional"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/pronto').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM (docker stop) finishes the requests in flight and closes the database: give it the README's 10 s and more.
STOPSIGNAL SIGTERM
CMD ["node", "apps/api/dist/server.mjs"]
