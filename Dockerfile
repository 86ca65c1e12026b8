# Kezhan: h5 + API in one image. See docs/deploy.md.
#   docker build -t kezhan .
#   docker compose up -d      (compose.yaml: the API with PostgreSQL and Redis)

# --- build the h5 -----------------------------------------------------------------------------
FROM node:20-bookworm-slim AS h5
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/h5/package.json apps/h5/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY packages/contract packages/contract
COPY apps/h5 apps/h5
RUN npm run build --workspace @kezhan/h5

# --- runtime: the server runs its TypeScript through tsx (no separate compile step) -------------
FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8300 \
    DATA_DIR=/data
# ffmpeg/ffprobe transcode and encrypt uploaded videos (modules/media)
RUN apt-get update && apt-get install -y --no-install-recommends ffmpeg && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/h5/package.json apps/h5/
COPY e2e/package.json e2e/
RUN npm ci --omit=dev --no-audit --no-fund --workspace @kezhan/server --include-workspace-root=false \
    && npm cache clean --force
COPY packages/contract packages/contract
COPY apps/server apps/server
COPY --from=h5 /app/apps/h5/dist apps/h5/dist
COPY --from=h5 /app/apps/h5/dist-ssr apps/h5/dist-ssr
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 8300
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# The operator CLI in a running container:
#   docker compose exec api node --import tsx apps/server/src/cli/main.ts --help
CMD ["node", "--import", "tsx", "apps/server/src/main.ts"]
