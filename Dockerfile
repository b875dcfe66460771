# syntax=docker/dockerfile:1
# Each part of the TMS is an image of its own, holding only that part, the workspace packages it uses and their
# production dependencies (docker-compose.yml and deploy/k8s/ build and run them all):
#   docker build --target service  --build-arg PART=svc-core  -t tms/svc-core .     (svc-gateway, svc-accounting, ...)
#   docker build --target frontend --build-arg PART=mfe-fleet -t tms/mfe-fleet .    (shell, mfe-dispatch, ...)
#
# A change to one domain rebuilds that domain's images and no others, and the build cache shows it. The `part` stage
# sees the whole context, but all it does is cut PART's folders out of it with scripts/deployable.mjs: /part/build
# (the sources of PART and of the packages it uses, and a package-lock.json cut down to their dependencies) and
# /part/run (the same manifests without devDependencies). Every later stage starts with a COPY --from=part of those
# folders, and BuildKit keys a COPY by the checksums of the files copied, not by the stage they come from. After an
# edit to mfe-fleet/src, svc-core's folders are byte for byte what they were, so building svc-core again prints
# CACHED for its npm ci, its build and every layer of its image; only mfe-fleet's build runs again. An edit to
# packages/contracts, which every part uses, rebuilds them all, as it should.
# scripts/check-deployables.mjs (in `npm test`) assembles and runs each service's folder the same way, without Docker.

FROM node:20-bookworm-slim AS part
ARG PART
WORKDIR /repo
COPY . .
RUN test -n "$PART" || { echo 'Set --build-arg PART=<workspace folder>, e.g. svc-core'; exit 1; }; \
    node scripts/deployable.mjs "$PART" /part/build --build && node scripts/deployable.mjs "$PART" /part/run

# PART built from its own sources alone; its workspaces' dist/ folders gathered in /dist.
FROM node:20-bookworm-slim AS build
WORKDIR /build
COPY --from=part /part/build ./
RUN npm ci --no-audit --no-fund && npm run build \
 && node -e "const fs = require('fs'); for (const dir of require('./package.json').workspaces) if (fs.existsSync(dir + '/dist')) fs.cpSync(dir + '/dist', '/dist/' + dir + '/dist', { recursive: true }); if (require('fs').existsSync('mfe-dispatch/dist-driver')) fs.cpSync('mfe-dispatch/dist-driver', '/dist/mfe-dispatch/dist-driver', { recursive: true })"

# A service's production dependencies (npm ci --omit=dev on the cut-down lock), then the builds.
FROM node:20-bookworm-slim AS install
WORKDIR /app
COPY --from=part /part/run ./
RUN npm ci --omit=dev --no-audit --no-fund && rm -rf /root/.npm
COPY --from=build /dist ./

# Node alone (no npm, no shell), as a non-root user. Probes: HEALTH_PORT (/livez, /readyz); the gateway: /healthz.
FROM gcr.io/distroless/nodejs20-debian12:nonroot AS service
ARG PART
ENV NODE_ENV=production
COPY --from=install /app /app
WORKDIR /app/${PART}
CMD ["dist/main.js"]

# A front end's build behind nginx: the shell proxies the API to the gateway; every remote is served the same way.
# The driver app (issue 44) is mfe-dispatch's second build: --build-arg PART=mfe-dispatch --build-arg BUILD=dist-driver
# (tms/driver-app), which proxies the driver API to the gateway's driver port.
FROM nginx:1.27-alpine AS frontend
ARG PART
ARG BUILD=dist
COPY deploy/nginx-shell.conf deploy/nginx-remote.conf deploy/nginx-driver.conf /tmp/nginx/
RUN cp "/tmp/nginx/nginx-$([ "$BUILD" = dist-driver ] && echo driver || { [ "$PART" = shell ] && echo shell || echo remote; }).conf" /etc/nginx/conf.d/default.conf && rm -r /tmp/nginx
COPY --from=build /dist/${PART}/${BUILD} /usr/share/nginx/html
