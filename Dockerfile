# Dependencies first: a change to the sources reuses the npm ci layers.
FROM node:22-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# The runtime's packages first (without their source maps, a third of them); the build's npm ci then
# takes them from the npm cache. No package needs its install script, and `prepare` would build
# before the sources are there.
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && find node_modules -name '*.map' -delete

FROM deps AS build
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
# Without source maps; the benchmark and the msw handlers live in test/, outside the image.
RUN npm run build -- --sourceMap false

# Runtime: what runs and nothing else (no npm run in this stage, so no npm log or cache either).
FROM node:22-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY package.json ./
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY jobs ./jobs
COPY samples ./samples
# Reports go to a mounted /app/reports (docker run -v "$PWD/reports:/app/reports"); without a mount
# they stay in the container. Not a VOLUME: an anonymous volume is lost with --rm, silently.
RUN mkdir /app/reports && chown 1000:1000 /app/reports
# uid 1000 is the base image's `node`; numeric, so that runAsNonRoot can check it.
USER 1000:1000
# The CLI is PID 1 and takes SIGTERM itself (docker stop, a pod's end): no shell or npm in between.
ENTRYPOINT ["node", "dist/cli/main.js"]
CMD ["--help"]
