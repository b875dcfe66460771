# One image recipe for every deployable of docker-compose.yml: build the whole workspace once, then take
#   --target service  (ARG SERVICE=svc-core | svc-gateway | ...) : node running that service
#   --target frontend (ARG APP=shell | mfe-fleet | ...)           : nginx serving that front end's dist
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm install --no-audit --no-fund && npm run build

FROM node:20-bookworm-slim AS service
ARG SERVICE
ENV NODE_ENV=production SERVICE=${SERVICE}
WORKDIR /app
COPY --from=build /app /app
CMD ["sh", "-c", "exec node ${SERVICE}/dist/main.js"]

FROM nginx:1.27-alpine AS frontend
ARG APP
COPY --from=build /app/${APP}/dist /usr/share/nginx/html
COPY deploy/ /tmp/deploy/
# The shell proxies the API; every remote is served the same way (nginx-remote.conf).
RUN cp "/tmp/deploy/nginx-$([ "$APP" = shell ] && echo shell || echo remote).conf" /etc/nginx/conf.d/default.conf && rm -r /tmp/deploy
