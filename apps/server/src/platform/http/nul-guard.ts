import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors/app-error.js';

/** Deeper than any payload the API takes; a deeper one is refused by the schemas anyway. */
const MAX_DEPTH = 32;

type Refusal = 'nul_character' | 'broken_character';

/** A UTF-16 surrogate that is not half of a pair (in `u` mode pairs read as one character, never as `Cs`). */
const LONE_SURROGATE = /\p{Cs}/u;

/** What PostgreSQL cannot store of a string: U+0000 (text), or half of a surrogate pair (jsonb). */
const refusalOf = (value: string): Refusal | null =>
  value.includes('\u0000') ? 'nul_character' : LONE_SURROGATE.test(value) ? 'broken_character' : null;

/** Where in a parsed value a string (or key) cannot be stored, as a field path (`users.3.email`) and code, or null. */
function refusedPath(value: unknown, path: string, depth = 0): { field: string; code: Refusal } | null {
  if (typeof value === 'string') {
    const code = refusalOf(value);
    return code ? { field: path || '_', code } : null;
  }
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  for (const [key, inner] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    const code = refusalOf(key);
    if (code) return { field: at, code };
    const found = refusedPath(inner, at, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * PostgreSQL text cannot hold U+0000, and jsonb refuses a lone UTF-16 surrogate (`"\ud800"` is valid JSON, but no
 * character): either one reaching a query would fail it (500). Every string of every route (path parameters, query
 * and JSON body, keys too) is checked here, before validation: 400 'nul_character' or 'broken_character'.
 */
export function refuseNulCharacters(app: FastifyInstance): void {
  // Synchronous: it runs for every request.
  app.addHook('preValidation', (request, _reply, done) => {
    const found = refusedPath(request.params, '') ?? refusedPath(request.query, '') ?? refusedPath(request.body, '');
    if (found) done(new AppError(400, found.code, {}, { fields: { [found.field]: found.code } }));
    else done();
  });
}
