# Vigie: the app, its API and socket in one Node process (README.md, "Production").
#   docker build -t vigie .
#   docker run -p 8080:8080 -v vigie-data:/data vigie            # embedded PGlite in the volume, demo data
#   docker run -p 8080:8080 -e DATABASE_URL=postgres://… -e JWT_SECRET=… vigie
# Several processes on one PostgreSQL: compose.yaml. Not built on the machine that wrote it (no
# Docker engine there); its commands were run by hand in a clean clone (README).

ARG NODE_IMAGE=node:26-bookworm-slim

# --- build: every dependency, the app (dist/) and the server (server/dist/) ---
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build \
 && npm prune --omit=dev --no-audit --no-fund

# --- run: production dependencies and the built output only, as the image's non-root user ---
FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    VIGIE_DATA_DIR=/data \
    VIGIE_STATIC_DIR=/app/dist
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/server/dist ./server/dist
COPY --from=build /app/dist ./dist
# The embedded databases (PGlite) live in /data: keep it on a volume. Unused with DATABASE_URL.
RUN mkdir /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 8080
# Healthy = ready to serve: /api/ready is 200 once every database answers, 503 while starting
# (the first embedded start creates the databases: start-period), stopping or in maintenance.
# Liveness alone is /api/health. No curl in the slim image: Node's fetch. With TLS_CERT_FILE
# set, the server speaks HTTPS: use https:// and NODE_TLS_REJECT_UNAUTHORIZED=0 for loopback.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/api/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node itself is PID 1 (no npm, no shell in between), so SIGTERM reaches the server: it stops
# accepting, finishes the requests in flight, closes sockets and databases, exits 0 (within 8 s).
STOPSIGNAL SIGTERM
CMD ["node", "--enable-source-maps", "server/dist/main.js"]
