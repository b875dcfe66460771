/**
 * The only Nest routes answered without a signed-in session, by their route pattern. Everything else the gateway
 * routes answers 401 {"message":"Unauthorized"} without one. Device ingestion (`/api/gps`, `/api/gps/osmand`)
 * is served ahead of Nest with per-device tokens (gps/device-requests.ts).
 */
export const PUBLIC_ROUTES: ReadonlySet<string> = new Set([
  '/api/login',
  '/api/callback',
  '/api/logout',
  '/healthz',
  '/runtime-config.json',
]);
