# Build stage: compile TypeScript with the dev dependencies.
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json tsconfig.json tsconfig.build.json ./
COPY src ./src
RUN npm ci --no-audit --no-fund

# Runtime stage: the compiled CLI and production dependencies only, as a non-root user.
FROM node:22-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY jobs ./jobs
COPY samples ./samples
RUN ln -s /app/dist/cli/main.js /usr/local/bin/listing-bulk && chmod +x /app/dist/cli/main.js \
  && mkdir -p /app/reports && chown node:node /app/reports
USER node
# Job files and their sheets are mounted over /app/jobs (and /app/data); reports go to /app/reports.
VOLUME ["/app/reports"]
ENTRYPOINT ["listing-bulk"]
CMD ["--help"]
