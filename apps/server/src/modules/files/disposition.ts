/** Types a browser would run as a page or script if shown inline: always downloaded. */
const ACTIVE = new Set([
  'text/html',
  'image/svg+xml',
  'application/xhtml+xml',
  'text/xml',
  'application/xml',
  'text/javascript',
  'application/javascript',
  'application/x-javascript',
  'application/ecmascript',
  'text/ecmascript',
]);

/** Whether the browser may show a file in place: media, PDF and plain text; everything else is downloaded. */
export function showsInline(mime: string): boolean {
  if (ACTIVE.has(mime) || mime.endsWith('+xml') || mime.includes('javascript')) return false;
  return /^(image|audio|video)\//.test(mime) || mime === 'application/pdf' || mime === 'text/plain';
}

/** RFC 6266 with the RFC 8187 UTF-8 name, plus an ASCII fallback for old clients. */
export function contentDisposition(mime: string, name: string): string {
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `${showsInline(mime) ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
