/** Both ends included, as in `Content-Range: bytes start-end/size`. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * What a `Range` header asks of a representation of `size` bytes (RFC 9110 §14.1.2, §14.2):
 * - `full`: answer the whole file with 200 — no header, a syntactically invalid one, another unit, several ranges
 *   (allowed: a server may ignore Range), or a suffix range of an empty file (it has no bytes to name);
 * - `part`: one satisfiable range, clamped to the file (206);
 * - `unsatisfiable`: one well-formed range that names no byte of the file (416 with `Content-Range: bytes *\/size`).
 */
export type RangeAnswer = { kind: 'full' } | { kind: 'part'; range: ByteRange } | { kind: 'unsatisfiable' };

const FULL: RangeAnswer = { kind: 'full' };
const SPEC = /^(\d*)-(\d*)$/;

export function parseRange(header: string | undefined, size: number): RangeAnswer {
  if (header === undefined) return FULL;
  const value = header.trim();
  const eq = value.indexOf('=');
  if (eq < 0 || value.slice(0, eq).toLowerCase() !== 'bytes') return FULL;
  // range-set = 1#range-spec: list elements with optional whitespace, empty elements ignored (RFC 9110 §5.6.1).
  const specs = value
    .slice(eq + 1)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (specs.length === 0) return FULL;
  const parsed: Array<{ first?: bigint; last?: bigint }> = [];
  for (const spec of specs) {
    const m = SPEC.exec(spec);
    if (!m || (m[1] === '' && m[2] === '')) return FULL;
    const first = m[1] === '' ? undefined : BigInt(m[1]);
    const last = m[2] === '' ? undefined : BigInt(m[2]);
    // "A range with last-pos less than first-pos is invalid": the whole header is then ignored.
    if (first !== undefined && last !== undefined && last < first) return FULL;
    parsed.push({ first, last });
  }
  if (parsed.length > 1) return FULL;
  const [{ first, last }] = parsed;
  const total = BigInt(size);
  if (first === undefined) {
    // suffix-range: the last `last` bytes; `-0` names none.
    if (last === 0n) return { kind: 'unsatisfiable' };
    if (total === 0n) return FULL;
    const start = last! >= total ? 0n : total - last!;
    return { kind: 'part', range: { start: Number(start), end: size - 1 } };
  }
  if (first >= total) return { kind: 'unsatisfiable' };
  const end = last === undefined || last >= total ? total - 1n : last;
  return { kind: 'part', range: { start: Number(first), end: Number(end) } };
}

/** `Content-Range` of a 206 answer, and of a 416 (`bytes *\/size`) when no range is given. */
export const contentRange = (size: number, range?: ByteRange) =>
  range ? `bytes ${range.start}-${range.end}/${size}` : `bytes */${size}`;
