/**
 * The only routes answered without a signed-in session, by their route pattern. Everything else the gateway
 * routes answers 401 {"message":"Unauthorized"} without one. Device ingestion (`/api/gps`, per-device tokens)
 * is added here together with its own guard.
 */
export const PUBLIC_ROUTES: ReadonlySet<string> = new Set([
  '/api/login',
  '/api/callback',
  '/api/logout',
  '/healthz',
  '/runtime-config.json',
  // Devices: each request carries its device token, checked by GpsIngestion (svc-gateway/src/gps).
  '/api/gps',
  '/api/gps/osmand',
]);
