import type { FastifyInstance } from 'fastify';

/**
 * The web app's policy: its own scripts only, no framing, no plugins, no posting forms elsewhere. Styles allow
 * inline because Mantine writes its CSS variables into a `<style>` element at run time (MantineProvider) and the
 * index.html is static, so there is no per-response nonce to give it. `connect-src 'self'` also covers the
 * same-origin websocket (CSP Level 3).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

/** Swagger UI at /api/docs styles itself inline and shows the validator badge as a data URL. */
const DOCS_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

/**
 * A JSON answer is never meant to be a document: opened in a tab it may load nothing and be framed nowhere (the
 * OWASP REST recommendation), in 50 bytes instead of the app's 240 on every API call.
 */
export const JSON_POLICY = "default-src 'none'; frame-ancestors 'none'";
const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json/;

/**
 * CSP, framing protection, no MIME sniffing and a same-origin referrer on every answer; HSTS when people reach
 * Hallway over https. One synchronous hook with the header sets built once: it runs for every request.
 * The web app's built files under `/assets/` (scripts, styles, fonts, our own images; no workers) are never a
 * document, where CSP, framing and referrer rules apply (a stylesheet's own policy would only matter for the
 * cross-origin fetches CSP forbids): they carry nosniff and HSTS only, ~360 bytes fewer on each of the sign-in
 * page's requests (issue 11's byte budget). JSON answers get `JSON_POLICY`; pages and files (which
 * the browser shows itself: pictures, PDFs) the app's policy.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: { publicUrl: string }): void {
  const https = options.publicUrl.startsWith('https://');
  const common = {
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'same-origin',
    ...(https ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
  };
  const web = { 'Content-Security-Policy': CONTENT_SECURITY_POLICY, ...common };
  const docs = { 'Content-Security-Policy': DOCS_POLICY, ...common };
  const json = { 'Content-Security-Policy': JSON_POLICY, ...common };
  const { 'X-Frame-Options': _framing, 'Referrer-Policy': _referrer, ...asset } = common;
  const isJson = (type: unknown) => typeof type === 'string' && JSON_TYPE.test(type);
  app.addHook('onSend', (request, reply, payload, done) => {
    const url = request.url;
    reply.headers(
      url.startsWith('/assets/')
        ? asset
        : url.startsWith('/api/docs')
          ? docs
          : isJson(reply.getHeader('content-type'))
            ? json
            : web,
    );
    done(null, payload);
  });
}
