# Stafflane's image: the same two steps CI runs (`npm ci`, then `npm run build`), then only what
# the built server needs at run time. Not built on the development machine (it has no Docker
# engine); see docs/deploy.md.
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:22-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
# The built client and server, the packages the server leaves unbundled, and package.json
# (the server reads its version there). The operator commands (`npm run admin`, `backup`,
# `restore`) run from the sources through tsx, a runtime dependency, so the sources come too.
COPY --from=build --chown=node:node /app/package.json ./package.json
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
COPY --from=build --chown=node:node /app/src ./src
COPY --from=build --chown=node:node /app/tsconfig.base.json /app/tsconfig.server.json ./
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 3000
# Ready: the database, the file store, the mail transport and the job runner all answer.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM (docker stop) drains requests, closes the pool and stops an embedded PostgreSQL.
STOPSIGNAL SIGTERM
CMD ["node", "--max-semi-space-size=4", "dist/server/main.mjs"]
