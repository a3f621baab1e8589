import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors/app-error.js';

/** Deeper than any payload the API takes; a deeper one is refused by the schemas anyway. */
const MAX_DEPTH = 32;

/** Where in a parsed value a string (or key) holds U+0000, as a field path (`about`, `users.3.email`), or null. */
function nulPath(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || '_' : null;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  for (const [key, inner] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return at;
    const found = nulPath(inner, at, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * PostgreSQL text cannot hold U+0000: a NUL that reached a query would fail it (500). Every string of every route
 * (path parameters, query and JSON body) is refused here, before validation, with 400 'nul_character'.
 */
export function refuseNulCharacters(app: FastifyInstance): void {
  // Synchronous: it runs for every request.
  app.addHook('preValidation', (request, _reply, done) => {
    const field = nulPath(request.params, '') ?? nulPath(request.query, '') ?? nulPath(request.body, '');
    if (field) done(new AppError(400, 'nul_character', {}, { fields: { [field]: 'nul_character' } }));
    else done();
  });
}
