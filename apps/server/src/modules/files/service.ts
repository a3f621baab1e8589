import type { Readable } from 'node:stream';
import {
  formatBytes,
  isUuid,
  POST_ATTACHMENT_LIMIT_BYTES,
  type StoredFile,
  UPLOAD_LIMIT_BYTES,
  type UploadResult,
} from '@hallway/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.js';
import { inTenant } from '../../platform/db/tenant.js';
import { AppError, badRequest, notFound } from '../../platform/errors/app-error.js';
import { type FileRow, files } from '../../platform/files/tables.js';
import { FileMissingError, type StorageDriver, StorageError } from '../../platform/files/types.js';
import type { RequestContext } from '../../platform/http/context.js';
import type { Platform } from '../../platform/index.js';
import type { StoredAttachment } from '../../platform/mail/types.js';
import { clients } from '../clients/tables.js';
import { type ByteRange, parseRange } from './range.js';
import { backendError, type IncomingFile, type ReceivedFile, receiveFile } from './receive.js';
import { THUMB_MIME } from './thumbnails.js';

/** The most one file may have, and what a bigger one is refused with (413). */
export interface UploadLimit {
  bytes: number;
  code: 'file_too_big' | 'attachment_too_big';
}

/** `POST api/upload` for general uploads, and `?purpose=attachment` for post attachments (spec portal §9). */
export const UPLOAD_LIMITS = {
  general: { bytes: UPLOAD_LIMIT_BYTES, code: 'file_too_big' },
  attachment: { bytes: POST_ATTACHMENT_LIMIT_BYTES, code: 'attachment_too_big' },
} as const satisfies Record<string, UploadLimit>;

/** The moment an anonymous write keeps (an anonymous upload, an anonymous report and its answers): its UTC day. */
export const anonymousMoment = (now = new Date()) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

export const fileUrl = (id: string) => `/api/files/${id}`;
export const thumbUrl = (id: string) => `/api/files/${id}/thumb`;

export function presentFile(row: Pick<FileRow, 'id' | 'name' | 'size' | 'mime' | 'thumbKey' | 'width' | 'height'>) {
  const file: StoredFile = { _id: row.id, src: fileUrl(row.id), name: row.name, size: row.size, mime: row.mime };
  if (row.thumbKey) file.mini = thumbUrl(row.id);
  if (row.width && row.height) Object.assign(file, { width: row.width, height: row.height });
  return file;
}

/** The workspace's quota (bytes, 0 = unlimited) and what its files already take. */
async function storageState(tx: Tx, clientId: string) {
  const [client] = await tx.select({ quota: clients.storageSize }).from(clients).where(eq(clients.id, clientId));
  const [usage] = await tx
    .select({ used: sql<number>`coalesce(sum(${files.size}), 0)::bigint` })
    .from(files)
    .where(eq(files.clientId, clientId));
  return { quota: client?.quota ?? 0, used: Number(usage.used) };
}

const storageLimit = (quota: number, used: number) =>
  new AppError(413, 'storage_limit', { size: formatBytes(quota), available: formatBytes(Math.max(0, quota - used)) });

/**
 * `POST api/upload`: streams every file of the request into storage within the file limit and what is left of
 * the workspace quota, then writes all rows at once. Runs outside the request transaction (a streaming route):
 * reading the quota and writing the rows are short transactions of their own. On any refusal or failure the
 * bytes stored so far are removed and no row is written.
 */
export async function uploadFiles(
  platform: Platform,
  ctx: RequestContext,
  parts: AsyncIterable<IncomingFile>,
  limit: UploadLimit,
  /**
   * An anonymous violation report's attachments: the rows carry no uploader and only the day of the upload, and
   * their ids are random (feedback module, docs/api.md "Ideas and violation reports").
   */
  options: { anonymous?: boolean } = {},
): Promise<UploadResult[]> {
  const anonymous = options.anonymous ?? false;
  const clientId = ctx.tenant();
  const scope = { clientId, userId: ctx.me().id };
  const { quota, used } = await inTenant(platform.database, scope, (tx) => storageState(tx, clientId));
  const received: ReceivedFile[] = [];
  try {
    for await (const part of parts) {
      if (!part.filename) {
        // An empty file input: the browser sends the part without a file (spec: "only when a file value is present").
        part.file.resume();
        continue;
      }
      const taken = received.reduce((sum, f) => sum + f.size, 0);
      const room = quota > 0 ? quota - used - taken : Number.POSITIVE_INFINITY;
      const budget =
        room < limit.bytes
          ? { bytes: Math.max(0, room), refusal: () => storageLimit(quota, used) }
          : { bytes: limit.bytes, refusal: () => new AppError(413, limit.code, { size: formatBytes(limit.bytes) }) };
      received.push(await receiveFile(platform.storage, clientId, part, budget, anonymous));
    }
    if (!received.length) throw badRequest('no_file');
    const rows = await inTenant(platform.database, scope, async (tx) => {
      // Concurrent uploads of one workspace commit one at a time, so together they cannot pass the quota.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`files:${clientId}`}))`);
      const now = await storageState(tx, clientId);
      const adding = received.reduce((sum, f) => sum + f.size, 0);
      if (now.quota > 0 && now.used + adding > now.quota) throw storageLimit(now.quota, now.used);
      return tx
        .insert(files)
        .values(
          received.map((f) => ({
            ...f,
            clientId,
            ownerId: anonymous ? null : scope.userId,
            ...(anonymous ? { created: anonymousMoment() } : {}),
          })),
        )
        .returning();
    });
    return rows.map((row) => {
      const file = presentFile(row);
      return { file, thumb: file.mini ?? null, url: file.src, fileName: row.name };
    });
  } catch (err) {
    await removeBytes(
      platform.storage,
      received.flatMap((f) => [f.storageKey, f.thumbKey ?? []].flat()),
      ctx,
    );
    throw err;
  }
}

async function removeBytes(storage: StorageDriver, keys: string[], ctx: RequestContext) {
  for (const key of keys) {
    try {
      await storage.delete(key);
    } catch (err) {
      ctx.log.error({ err, key }, 'could not remove stored file bytes');
    }
  }
}

/**
 * A further rule on single files, registered by a module that attaches files somewhere private (HR files of a
 * profile): answers false when the caller may not download that file. Checked on every download and thumbnail.
 */
export type FileRestriction = (ctx: RequestContext, fileId: string) => Promise<boolean>;
const restrictions = new Set<FileRestriction>();

export function restrictFiles(allowed: FileRestriction): void {
  restrictions.add(allowed);
}

export interface OpenedFile {
  stream: Readable;
  mime: string;
  name: string;
  size?: number;
}

/** A file row the caller may download under `variant`, and the storage key of those bytes. */
async function downloadable(ctx: RequestContext, id: string, variant: 'original' | 'thumb') {
  const [row] = await ctx.db
    .select()
    .from(files)
    .where(and(eq(files.id, id), eq(files.clientId, ctx.tenant())));
  const key = variant === 'thumb' ? row?.thumbKey : row?.storageKey;
  if (!row || !key) throw notFound('file_not_found');
  // Refused like a missing file: a guessed id must not even confirm that the file exists.
  for (const allowed of restrictions) if (!(await allowed(ctx, row.id))) throw notFound('file_not_found');
  return { row, key };
}

/** The stored bytes (or one range of them); bytes that are gone answer like a missing file. */
async function readBytes(storage: StorageDriver, key: string, range?: ByteRange): Promise<Readable> {
  try {
    return await storage.get(key, range);
  } catch (err) {
    if (err instanceof FileMissingError) throw notFound('file_not_found');
    if (err instanceof StorageError) throw backendError(err, 'download_error');
    throw err;
  }
}

/**
 * `GET api/files/:id` and its thumbnail: only a file of the caller's workspace, and only through this route.
 * A row whose bytes are gone answers like a missing file.
 */
export async function openFile(
  platform: Platform,
  ctx: RequestContext,
  id: string,
  variant: 'original' | 'thumb',
): Promise<OpenedFile> {
  const { row, key } = await downloadable(ctx, id, variant);
  const stream = await readBytes(platform.storage, key);
  if (variant === 'thumb') {
    return { stream, mime: THUMB_MIME, name: `${row.name.replace(/\.[^.]*$/, '')}.webp` };
  }
  return { stream, mime: row.mime, name: row.name, size: row.size };
}

/**
 * What `GET api/files/:id` answers to a `Range` header (range.ts): the whole file, only the asked part (read alone
 * from storage), or no bytes when the range names none. The same checks as `openFile`.
 */
export type RangedFile = Omit<OpenedFile, 'stream' | 'size'> & { size: number } & (
    | { kind: 'full'; stream: Readable }
    | { kind: 'part'; stream: Readable; range: ByteRange }
    | { kind: 'unsatisfiable' }
  );

export async function openFileRange(
  platform: Platform,
  ctx: RequestContext,
  id: string,
  rangeHeader: string | undefined,
): Promise<RangedFile> {
  const { row, key } = await downloadable(ctx, id, 'original');
  const meta = { mime: row.mime, name: row.name, size: row.size };
  const wanted = parseRange(rangeHeader, row.size);
  if (wanted.kind === 'unsatisfiable') return { ...meta, kind: 'unsatisfiable' };
  if (wanted.kind === 'part') {
    return { ...meta, kind: 'part', range: wanted.range, stream: await readBytes(platform.storage, key, wanted.range) };
  }
  return { ...meta, kind: 'full', stream: await readBytes(platform.storage, key) };
}

/**
 * Loads files of the workspace by id for another module (post attachments, profile files, ...), in the order
 * given; any id that is not a file of this workspace answers 404 'file_not_found'. `maxSize` refuses bigger
 * files (posts: POST_ATTACHMENT_LIMIT_BYTES), since a file uploaded for another purpose may be larger.
 */
export async function fileRefs(
  ctx: RequestContext,
  ids: string[],
  options: { maxSize?: number } = {},
): Promise<StoredFile[]> {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return [];
  if (!wanted.every(isUuid)) throw notFound('file_not_found');
  const rows = await ctx.db
    .select()
    .from(files)
    .where(and(eq(files.clientId, ctx.tenant()), inArray(files.id, wanted)));
  if (rows.length !== wanted.length) throw notFound('file_not_found');
  const { maxSize } = options;
  if (maxSize !== undefined && rows.some((r) => r.size > maxSize)) {
    throw new AppError(413, 'attachment_too_big', { size: formatBytes(maxSize) });
  }
  const byId = new Map(rows.map((r) => [r.id, r]));
  return wanted.map((id) => presentFile(byId.get(id)!));
}

/**
 * Files of the workspace as a mail carries them (`notify()`'s `attachments`): named by their storage key, which the
 * mailer reads when the mail goes. Unknown ids are left out; callers check the files first with `fileRefs`.
 */
export async function mailAttachments(ctx: RequestContext, ids: string[]): Promise<StoredAttachment[]> {
  const wanted = [...new Set(ids)].filter(isUuid);
  if (!wanted.length) return [];
  const rows = await ctx.db
    .select({ id: files.id, name: files.name, mime: files.mime, size: files.size, storageKey: files.storageKey })
    .from(files)
    .where(and(eq(files.clientId, ctx.tenant()), inArray(files.id, wanted)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return wanted.flatMap((id) => {
    const row = byId.get(id);
    return row ? [{ filename: row.name, contentType: row.mime, size: row.size, storageKey: row.storageKey }] : [];
  });
}

/**
 * Removes files of the workspace: the rows in the request's transaction, the bytes once it has committed (a
 * rolled-back request keeps both). Ids of other workspaces or unknown ids are skipped. Answers how many went.
 */
export async function deleteFiles(platform: Platform, ctx: RequestContext, ids: string[]): Promise<number> {
  const wanted = [...new Set(ids)].filter(isUuid);
  if (!wanted.length) return 0;
  const gone = await ctx.db
    .delete(files)
    .where(and(eq(files.clientId, ctx.tenant()), inArray(files.id, wanted)))
    .returning({ storageKey: files.storageKey, thumbKey: files.thumbKey });
  const keys = gone.flatMap((f) => [f.storageKey, f.thumbKey ?? []].flat());
  if (keys.length) ctx.afterCommit(() => removeBytes(platform.storage, keys, ctx));
  return gone.length;
}
