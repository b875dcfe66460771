import helmet from 'helmet';
import type { RequestHandler } from 'express';
import type { GatewayConfig } from '../config/gateway-config.js';

/** The origins the shell loads remotes from when runtime configuration points them elsewhere (a CDN, nginx). */
export function remoteOrigins(config: Pick<GatewayConfig, 'remoteUrls'>): string[] {
  const origins = Object.values(config.remoteUrls).flatMap((url) => {
    try {
      return [new URL(url).origin]; // relative URLs (the gateway's own /remotes) throw: they are 'self'
    } catch {
      return [];
    }
  });
  return [...new Set(origins)];
}

/**
 * The headers a security review expects on every answer (helmet): no MIME sniffing, no framing by any site
 * (frame-ancestors and X-Frame-Options), a Content-Security-Policy under which the shell and its remotes still run,
 * a Referrer-Policy that keeps paths to this site, and HSTS when served over https.
 */
export function securityHeaders(config: GatewayConfig): RequestHandler {
  const remotes = remoteOrigins(config);
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // Remotes' entries and chunks are scripts; their manifests are fetched.
        scriptSrc: ["'self'", ...remotes],
        connectSrc: ["'self'", ...remotes],
        // antd writes its CSS-in-JS styles into <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'", ...remotes],
        // Profile pictures come from the identity provider.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:', ...remotes],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(config.secureCookies ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: config.secureCookies ? { maxAge: 365 * 24 * 60 * 60 } : false,
    // Remotes served from their own origins load as plain cross-origin scripts, without a CORP opt-in.
    crossOriginEmbedderPolicy: false,
  });
}
