# syntax=docker/dockerfile:1
# The site and the API in one image (decision 0003): `docker build -t rise-site .`
# Only the web app's build tools are installed to build it; the image itself gets the
# API's production dependencies and nothing else (no emulator, Lighthouse or Playwright).

# ── 0. The workspaces' manifests, which npm ci checks against the lockfile ─────
FROM node:24-bookworm-slim AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
COPY packages/content/package.json packages/content/

# ── 1. Build the static site ─────────────────────────────────────────────────
FROM manifests AS build
# Just the workspaces the build needs: the repository's own dev tools are never installed.
RUN npm ci --workspace apps/web --workspace apps/api --workspace packages/shared \
      --workspace packages/content \
      --include-workspace-root=false --no-audit --no-fund
COPY tsconfig.base.json ./
COPY scripts/require-node-24.mjs scripts/
COPY packages/shared packages/shared
COPY packages/content packages/content
COPY apps/api apps/api
COPY apps/web apps/web
# The site's public settings are baked into the build: pass a .env file as a build secret
# (docker build --secret id=site-env,src=.env); without one the local defaults apply.
RUN --mount=type=secret,id=site-env,target=/app/.env npm run build -w apps/web \
 && node apps/api/scripts/write-host-configs.ts

# ── 2. Production dependencies only ──────────────────────────────────────────
FROM manifests AS dependencies
RUN npm ci --omit=dev --workspace apps/api --workspace packages/shared \
      --workspace packages/content \
      --include-workspace-root=false --no-audit --no-fund

# ── 3. The image ─────────────────────────────────────────────────────────────
FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    WEB_BUILD_DIR=/app/apps/web/build/client \
    LOG_PRETTY=0
WORKDIR /app
COPY --from=dependencies /app/node_modules node_modules
COPY --from=dependencies /app/apps/api/node_modules apps/api/node_modules
COPY package.json ./
COPY apps/api/package.json apps/api/
COPY apps/api/src apps/api/src
COPY apps/api/scripts apps/api/scripts
COPY apps/api/drizzle apps/api/drizzle
COPY packages/shared packages/shared
COPY packages/content packages/content
COPY --from=build /app/apps/web/build/client apps/web/build/client
COPY --from=build /app/apps/web/build/nginx-site.conf apps/web/build/nginx-site.conf
# Runs as the image's unprivileged user; nothing in /app is writable by it.
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "apps/api/src/main.ts"]
