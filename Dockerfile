# Kezhan: h5 + operator console + API in one image. See docs/deploy.md.
#   docker build -t kezhan .
#   docker compose up -d      (compose.yaml: the API with PostgreSQL and Redis)

# --- build the h5, the operator console and the server bundle (`npm run build`) -----------------
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/h5/package.json apps/h5/
COPY apps/admin/package.json apps/admin/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY packages/contract packages/contract
COPY apps/h5 apps/h5
COPY apps/admin apps/admin
COPY apps/server apps/server
RUN npm run build --workspace @kezhan/h5 \
    && npm run build --workspace @kezhan/admin \
    && npm run build --workspace @kezhan/server

# --- runtime: the compiled server (apps/server/dist) with the server's own dependencies only ------
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
COPY apps/admin/package.json apps/admin/
COPY e2e/package.json e2e/
RUN npm ci --omit=dev --no-audit --no-fund --workspace @kezhan/server --include-workspace-root=false \
    && npm cache clean --force
# The bundle holds the code; the migrations, the demo content and the public files are read from
# the server's folder (src/config/app-folders.ts).
COPY apps/server apps/server
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/h5/dist apps/h5/dist
COPY --from=build /app/apps/h5/dist-ssr apps/h5/dist-ssr
COPY --from=build /app/apps/admin/dist apps/admin/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 8300
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# The operator CLI in a running container:
#   docker compose exec api node apps/server/dist/cli.js --help
# A missing h5 or console build stops the server at start with the reason (config/built-apps.ts).
CMD ["node", "apps/server/dist/main.js"]
