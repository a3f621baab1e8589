import { brotliDecompressSync, gunzipSync, inflateRawSync, inflateSync } from 'node:zlib';

/**
 * How the isolation suite reads an answer before looking for the other workspace's markers in it, and how it
 * compares two answers of one route (suite.ts). An answer is opened the way its reader would open it:
 * - the HTTP content-encoding undone (the suite asks for br, gzip and deflate, as browsers do);
 * - a gzip file (its own bytes, whatever the header says) unpacked;
 * - a zip archive (xlsx and docx are zips) opened: every entry read, nested archives too;
 * - an `.ics` calendar unfolded (RFC 5545 folds lines at 75 octets) and its text escapes undone;
 * - XML (spreadsheet parts) with its character references decoded;
 * - a PDF with its compressed streams inflated (where the text of its pages is).
 * CSV and JSON are text already. Each opened part is one string; markers are searched in all of them.
 */

export interface RawAnswer {
  statusCode: number;
  headers: Record<string, unknown>;
  rawPayload: Buffer;
}

export interface OpenedAnswer {
  status: number;
  type: string;
  /** The answer's readable texts: the body, or each entry of an archive (named `path:` first). */
  parts: string[];
  /** Why a part could not be opened (a corrupt archive is itself worth a look). */
  problems: string[];
}

const MAX_DEPTH = 4;

export function openAnswer(res: RawAnswer): OpenedAnswer {
  const problems: string[] = [];
  const type = String(res.headers['content-type'] ?? '');
  let bytes = res.rawPayload;
  const encoding = String(res.headers['content-encoding'] ?? '').toLowerCase();
  for (const step of encoding
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s && s !== 'identity')
    .reverse()) {
    try {
      bytes = decodeStep(step, bytes);
    } catch (err) {
      problems.push(`content-encoding ${step}: ${(err as Error).message}`);
    }
  }
  const parts: string[] = [];
  openBytes(bytes, '', type, parts, problems, 0);
  return { status: res.statusCode, type, parts, problems };
}

function decodeStep(step: string, bytes: Buffer): Buffer {
  if (step === 'br') return brotliDecompressSync(bytes);
  if (step === 'gzip' || step === 'x-gzip') return gunzipSync(bytes);
  if (step === 'deflate') {
    // HTTP "deflate" is zlib-wrapped; some servers send it raw.
    try {
      return inflateSync(bytes);
    } catch {
      return inflateRawSync(bytes);
    }
  }
  throw new Error('unknown encoding');
}

function openBytes(bytes: Buffer, name: string, type: string, parts: string[], problems: string[], depth: number) {
  const label = name ? `${name}: ` : '';
  if (depth < MAX_DEPTH && isGzip(bytes)) {
    try {
      return openBytes(gunzipSync(bytes), `${name}(gunzipped)`, '', parts, problems, depth + 1);
    } catch (err) {
      problems.push(`${label}gzip: ${(err as Error).message}`);
    }
  }
  if (depth < MAX_DEPTH && isZip(bytes)) {
    try {
      for (const entry of readZip(bytes)) {
        openBytes(entry.bytes, `${name}${name ? '/' : ''}${entry.name}`, '', parts, problems, depth + 1);
      }
      return;
    } catch (err) {
      problems.push(`${label}zip: ${(err as Error).message}`);
    }
  }
  let text = decodeText(bytes);
  if (text.startsWith('%PDF')) text += `\n${pdfStreams(bytes).join('\n')}`;
  else if (/text\/calendar/i.test(type) || /\.ics$/i.test(name) || text.startsWith('BEGIN:VCALENDAR')) {
    text = unfoldIcs(text);
  } else if (/\.(xml|rels|vml)$/i.test(name) || text.startsWith('<?xml')) text = decodeXml(text);
  parts.push(label + text);
}

const isGzip = (b: Buffer) => b.length > 2 && b[0] === 0x1f && b[1] === 0x8b;
const isZip = (b: Buffer) => b.length > 4 && b.readUInt32LE(0) === 0x04034b50;

function decodeText(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return bytes.subarray(2).toString('utf16le');
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return Buffer.from(bytes.subarray(2)).swap16().toString('utf16le');
  return bytes.toString('utf8');
}

/** RFC 5545: a line break followed by a space or tab continues the line; TEXT escapes `\,` `\;` `\\` `\n`. */
export function unfoldIcs(text: string): string {
  return text
    .replace(/\r?\n[ \t]/g, '')
    .replace(/\\([,;\\nN])/g, (_m, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
}

function decodeXml(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_m, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_m, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&(lt|gt|quot|apos|amp);/g, (_m, e: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[e]!);
}

/** The inflated `stream … endstream` contents of a PDF (page text lives in FlateDecode streams). */
function pdfStreams(bytes: Buffer): string[] {
  const out: string[] = [];
  const source = bytes.toString('latin1');
  const pattern = /stream\r?\n/g;
  for (let m = pattern.exec(source); m; m = pattern.exec(source)) {
    const start = m.index + m[0].length;
    const end = source.indexOf('endstream', start);
    if (end < 0) break;
    // The line break before `endstream` is not part of the data.
    const chunk = bytes.subarray(start, end - (source.slice(start, end).match(/\r?\n$/)?.[0].length ?? 0));
    try {
      out.push(inflateSync(chunk).toString('latin1'));
    } catch {
      out.push(chunk.toString('latin1'));
    }
    pattern.lastIndex = end;
  }
  return out;
}

/** The entries of a zip archive, read from its central directory (stored and deflated entries; no zip64). */
export function readZip(bytes: Buffer): { name: string; bytes: Buffer }[] {
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (bytes.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error('no end of central directory');
  const count = bytes.readUInt16LE(eocd + 10);
  let at = bytes.readUInt32LE(eocd + 16);
  const entries: { name: string; bytes: Buffer }[] = [];
  for (let i = 0; i < count; i++) {
    if (bytes.readUInt32LE(at) !== 0x02014b50) throw new Error('bad central directory entry');
    const method = bytes.readUInt16LE(at + 10);
    const compressedSize = bytes.readUInt32LE(at + 20);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const local = bytes.readUInt32LE(at + 42);
    const name = bytes.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    at += 46 + nameLength + extraLength + commentLength;
    if (name.endsWith('/')) continue;
    if (bytes.readUInt32LE(local) !== 0x04034b50) throw new Error(`bad local header of ${name}`);
    const dataStart = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    const data = bytes.subarray(dataStart, dataStart + compressedSize);
    if (method === 0) entries.push({ name, bytes: data });
    else if (method === 8) entries.push({ name, bytes: inflateRawSync(data) });
    else throw new Error(`${name}: compression method ${method}`);
  }
  return entries;
}

/** The markers found in an opened answer (case-insensitively: a title may be upper-cased on its way out). */
export function markersIn(answer: OpenedAnswer, markers: readonly string[]): string[] {
  const text = answer.parts.join('\n').toLowerCase();
  return [...new Set(markers.filter((m) => text.includes(m.toLowerCase())))];
}
