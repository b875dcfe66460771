/** Methods that change something: only these are checked against cross-site request forgery. */
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface OriginCheck {
  method: string;
  /** The request's Origin header, if any. */
  origin: string | undefined;
  /** APP_URL's origin. */
  appOrigin: string;
  /** `${protocol}://${host}` of the request as the gateway sees it (after `trust proxy`). */
  requestOrigin: string;
}

const normalize = (origin: string): string | undefined => {
  try {
    const url = new URL(origin);
    return url.origin === 'null' ? undefined : url.origin;
  } catch {
    return undefined;
  }
};

/**
 * True when a browser sends a state-changing request from another site: its Origin header is present and is
 * neither the app's own origin nor the origin the request was addressed to. SameSite=Lax cookies already keep
 * most of these out; this refuses the rest (sibling subdomains, old browsers) with 403.
 */
export function isForeignOrigin({ method, origin, appOrigin, requestOrigin }: OriginCheck): boolean {
  if (!STATE_CHANGING.has(method.toUpperCase()) || origin === undefined) return false;
  const sent = normalize(origin);
  if (!sent) return true; // 'null' (sandboxed or privacy-redirected documents) or garbage
  return sent !== normalize(appOrigin) && sent !== normalize(requestOrigin);
}
