/** Methods that change something: only these are checked against cross-site request forgery. */
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface OriginCheck {
  method: string;
  /** The request's Origin header, if any. */
  origin: string | undefined;
  /** The request's Sec-Fetch-Site header, if any: browsers send it with every request. */
  fetchSite: string | undefined;
  /** True when the request carries the session cookie, i.e. would act as a signed-in user. */
  carriesSession: boolean;
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
 * True when a state-changing request may have been forged by another site. It must show it came from the app: an
 * Origin that is the app's own (or the one the request was addressed to), or, without an Origin, `Sec-Fetch-Site:
 * same-origin`. A write with neither is refused when it carries the session cookie; without the cookie it acts as
 * nobody (devices authenticate with their own tokens), so there is nothing to forge. SameSite=Lax cookies already
 * keep most forgeries out; this refuses the rest (sibling subdomains, old browsers, stripped headers) with 403.
 */
export function isForgeable({ method, origin, fetchSite, carriesSession, appOrigin, requestOrigin }: OriginCheck): boolean {
  if (!STATE_CHANGING.has(method.toUpperCase())) return false;
  if (origin === undefined) return carriesSession && fetchSite !== 'same-origin';
  const sent = normalize(origin);
  if (!sent) return true; // 'null' (sandboxed or privacy-redirected documents) or garbage
  return sent !== normalize(appOrigin) && sent !== normalize(requestOrigin);
}
