import path from 'node:path';
import { pipeline, Readable, Transform, type TransformCallback } from 'node:stream';
import { TEXT_MAX } from '@hallway/shared';
import { newId } from '../../platform/db/ids.js';
import { AppError } from '../../platform/errors/app-error.js';
import { type StorageDriver, StorageError } from '../../platform/files/types.js';
import { makePdfThumbnail, mayBePdf } from './pdf-preview.js';
import { makeThumbnail, mayBeRaster, THUMB_MIME, THUMB_SOURCE_MAX, type Thumbnail } from './thumbnails.js';

/** One file part of a multipart body, as @fastify/multipart hands it over. */
export interface IncomingFile {
  filename: string;
  mimetype: string;
  file: Readable;
}

/** A file whose bytes (and thumbnail) are stored; its row is written later, for the whole request at once. */
export interface ReceivedFile {
  id: string;
  storageKey: string;
  thumbKey: string | null;
  name: string;
  mime: string;
  size: number;
  width: number | null;
  height: number | null;
}

/** The most bytes this file may have, and the refusal when it has more. */
export interface ByteBudget {
  bytes: number;
  refusal: () => AppError;
}

/** The 502 answer of a failing backend: `{ message: 'Uploading error', code: 'upload_error', reason, params }`. */
export class BackendError extends AppError {
  constructor(
    readonly reason: string,
    params: Record<string, string>,
    code: 'upload_error' | 'download_error' = 'upload_error',
  ) {
    super(502, code, params);
  }

  override toBody() {
    return { ...super.toBody(), reason: this.reason };
  }
}

export const backendError = (err: StorageError, code?: 'upload_error' | 'download_error') =>
  new BackendError(err.reason, err.params, code);

/**
 * Counts the bytes going through and fails the stream as soon as the budget is exceeded, so an oversized
 * upload stops while it streams; on the way it keeps a bounded copy for the thumbnail.
 */
class ByteCounter extends Transform {
  bytes = 0;
  failure: AppError | null = null;
  private copy: Buffer[] | null;

  constructor(
    private readonly budget: ByteBudget,
    keepCopy: boolean,
  ) {
    super();
    this.copy = keepCopy ? [] : null;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.bytes += chunk.length;
    if (this.bytes > this.budget.bytes) {
      this.failure = this.budget.refusal();
      callback(this.failure);
      return;
    }
    if (this.copy) {
      if (this.bytes > THUMB_SOURCE_MAX) this.copy = null;
      else this.copy.push(chunk);
    }
    callback(null, chunk);
  }

  /** The whole file when it was small enough to keep. */
  takeCopy(): Buffer | null {
    const copy = this.copy && Buffer.concat(this.copy);
    this.copy = null;
    return copy;
  }
}

/**
 * Streams one file into storage under a new server-generated key, with a thumbnail for a raster image and a
 * first-page preview for a PDF (pdf-preview.ts).
 * On any failure nothing of this file stays stored.
 */
export async function receiveFile(
  storage: StorageDriver,
  clientId: string,
  part: IncomingFile,
  budget: ByteBudget,
  /** An anonymous upload's id is random (a time-ordered id would tell when it was made). */
  anonymous = false,
): Promise<ReceivedFile> {
  const id = anonymous ? crypto.randomUUID() : newId();
  const now = new Date();
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  const storageKey = `${clientId}/${now.getUTCFullYear()}/${month}/${id}`;
  const name = cleanFileName(part.filename);
  const declared = normalizeMime(part.mimetype, name);
  const raster = mayBeRaster(declared, name);
  const pdf = !raster && mayBePdf(declared, name);
  const counter = new ByteCounter(budget, raster || pdf);
  // pipeline() destroys the part when the counter fails, which ends the multipart parsing too.
  const body = pipeline(part.file, counter, () => undefined);
  try {
    await storage.put(storageKey, body, declared);
  } catch (err) {
    body.destroy();
    if (counter.failure) throw counter.failure;
    if (err instanceof StorageError) throw backendError(err);
    // The request body itself broke off (the client went away, a malformed part).
    throw new AppError(400, 'upload_error');
  }

  const source = counter.takeCopy();
  const thumb: Thumbnail | null = source && raster ? await makeThumbnail(source) : null;
  // A PDF's preview is its first page; the file keeps its own type and has no pixel size.
  const preview = thumb?.data ?? (source && pdf ? await makePdfThumbnail(source) : null);
  let thumbKey: string | null = null;
  if (preview) {
    thumbKey = `${storageKey}.thumb`;
    try {
      await storage.put(thumbKey, Readable.from([preview]), THUMB_MIME);
    } catch (err) {
      await storage.delete(storageKey).catch(() => undefined);
      throw err instanceof StorageError ? backendError(err) : err;
    }
  }
  return {
    id,
    storageKey,
    thumbKey,
    name,
    mime: thumb?.mime ?? declared,
    size: counter.bytes,
    width: thumb?.width ?? null,
    height: thumb?.height ?? null,
  };
}

/** The original name for display only (storage never uses it): no control characters, at most TEXT_MAX. */
export function cleanFileName(raw: string): string {
  const name =
    raw
      .normalize('NFC')
      .replace(/\p{Cc}/gu, '')
      .trim() || 'file';
  if (name.length <= TEXT_MAX) return name;
  const ext = path.extname(name).slice(0, 16);
  return name.slice(0, TEXT_MAX - ext.length) + ext;
}

/** Types by extension, for a part the browser sent without a useful type. */
const BY_EXTENSION: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.tif': 'image/tiff',
  '.tiff': 'image/tiff',
  '.svg': 'image/svg+xml',
  '.pdf': 'application/pdf',
  '.txt': 'text/plain',
  '.csv': 'text/csv',
  '.html': 'text/html',
  '.htm': 'text/html',
  '.mp3': 'audio/mpeg',
  '.mp4': 'video/mp4',
  '.m4v': 'video/mp4',
  '.webm': 'video/webm',
  '.mov': 'video/quicktime',
  '.ogg': 'audio/ogg',
  '.m4a': 'audio/mp4',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};
const MIME = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/;
const UNKNOWN = 'application/octet-stream';

/** A clean `type/subtype` (parameters dropped), guessed from the extension when the browser had none. */
export function normalizeMime(raw: string | undefined, name: string): string {
  const mime = (raw ?? '').split(';')[0].trim().toLowerCase();
  if (MIME.test(mime) && mime !== UNKNOWN) return mime;
  return BY_EXTENSION[path.extname(name).toLowerCase()] ?? UNKNOWN;
}
