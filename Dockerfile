# syntax=docker/dockerfile:1
# One image for both process kinds (docker-compose.yml runs it as `api` and as `worker`):
#   node dist/node/api.js      (= npm run start:api: migrates, then serves the API and the web app)
#   node --max-semi-space-size=1 --lite-mode --expose-gc dist/node/worker.js   (= npm run start:worker)
#   npm run migrate | admin | backup | restore   (one-off commands, e.g. `docker compose exec api ...`)
# It holds the compiled build and production dependencies only; nothing shop-specific is baked in
# (SITE_NAME, PHOTOGRAPHER_NAME, PUBLIC_URL... are read when a process starts).
ARG NODE_IMAGE=node:24-bookworm-slim

# --- build: every dependency, then the web app (dist/web), its server renderer (dist/server) and
# the API, workers, scripts and migrations compiled to JavaScript (dist/node).
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# --- production dependencies only (no TypeScript runner, no Vite, no Lighthouse or autocannon).
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# --- runtime
FROM ${NODE_IMAGE}
WORKDIR /app
# Memory on a small server (README "Small servers (1 GB)"): two malloc arenas, blocks over 1 MB
# mapped on their own (given back when freed, not kept after each image) and two threadpool threads.
ENV NODE_ENV=production \
    PORT=3000 \
    MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=1048576 \
    UV_THREADPOOL_SIZE=2
COPY --from=deps /app/node_modules ./node_modules
COPY package.json package-lock.json ./
COPY --from=build /app/dist ./dist
# DATA_DIR (default data/: the mail outbox and local media) and backups/ belong to the user the
# processes run as; a named volume mounted there starts out with this ownership.
RUN mkdir -p data backups && chown node:node data backups
# What GET /api/version reports as the commit: `docker compose build --build-arg GIT_COMMIT=$(git rev-parse HEAD)`.
ARG GIT_COMMIT=
ENV GIT_COMMIT=${GIT_COMMIT}
USER node
EXPOSE 3000
# node itself (not npm) is the main process, so SIGTERM reaches the app and it drains (25 s at most).
# A 4 MB young generation (as `npm run start:api`): ~30 MB less memory, and upload buffers freed sooner.
CMD ["node", "--enable-source-maps", "--max-semi-space-size=4", "dist/node/api.js"]
