// Spec portal §2 profile tabs, §9 cover size: pictures, cover and HR files of a profile are uploaded files.
import { COVER_MIN_HEIGHT, COVER_WIDTH, type FileRef, type UpdateUserBody } from '@hallway/shared';
import { fileIdOf } from '@hallway/shared/files';
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../../platform/errors/app-error.js';
import type { RequestContext } from '../../platform/http/context.js';
import { fileRefs, restrictFiles } from '../files/index.js';
import { canSeeHr } from './policy.js';
import { type Pic, type UserRow, users } from './tables.js';

/** A picture's or file's id from what an upload answered (`src`, `mini`) or the bare id; 404 otherwise. */
function fileIdIn(value: string, field: string): string {
  const id = fileIdOf(value);
  if (!id) throw new AppError(404, 'file_not_found', {}, { fields: { [field]: 'file_not_found' } });
  return id;
}

type MediaChanges = Partial<Pick<UserRow, 'pics' | 'cover' | 'files'>>;

/**
 * The pictures, cover and HR files of a profile change, checked against the workspace's files and stored the way
 * the server knows them (a client cannot point an avatar at another site or invent a file name). Values the profile
 * already has pass as they are. The cover must be COVER_WIDTH wide and at least COVER_MIN_HEIGHT high.
 * Answers the columns to write and the HR files the change drops (to delete once it is saved).
 */
export async function profileMedia(
  ctx: RequestContext,
  row: Pick<UserRow, 'pics' | 'cover' | 'files'>,
  body: Pick<UpdateUserBody, 'pics' | 'cover' | 'files'>,
): Promise<{ changes: MediaChanges; droppedFiles: string[] }> {
  const changes: MediaChanges = {};
  if (body.pics !== undefined) {
    const known = new Set(row.pics.map((p) => p.src));
    const fresh = body.pics.filter((p) => !known.has(p.src));
    const found = await fileRefs(
      ctx,
      fresh.map((p) => fileIdIn(p.src, 'pics')),
    );
    const byId = new Map(found.map((f) => [f._id, f]));
    changes.pics = body.pics.map((p): Pic => {
      if (known.has(p.src)) return row.pics.find((old) => old.src === p.src)!;
      const file = byId.get(fileIdIn(p.src, 'pics'))!;
      return file.mini ? { src: file.src, mini: file.mini } : { src: file.src };
    });
  }
  if (body.cover !== undefined && body.cover !== row.cover) {
    if (body.cover === '') changes.cover = '';
    else {
      const [file] = await fileRefs(ctx, [fileIdIn(body.cover, 'cover')]);
      if (file.width !== COVER_WIDTH || (file.height ?? 0) < COVER_MIN_HEIGHT) {
        throw new AppError(
          400,
          'wrong_image_size',
          { width: COVER_WIDTH, height: COVER_MIN_HEIGHT },
          { fields: { cover: 'wrong_image_size' } },
        );
      }
      changes.cover = file.src;
    }
  }
  let droppedFiles: string[] = [];
  if (body.files !== undefined) {
    const known = new Map(row.files.map((f) => [f._id, f]));
    const fresh = body.files.filter((f) => !known.has(f._id));
    const found = await fileRefs(
      ctx,
      fresh.map((f) => fileIdIn(f._id, 'files')),
    );
    const byId = new Map(found.map((f) => [f._id, f]));
    changes.files = body.files.map((f): FileRef => {
      const old = known.get(f._id);
      if (old) return old;
      const file = byId.get(f._id.toLowerCase())!;
      return { _id: file._id, filename: file.name, filetype: file.mime, path: file.src, size: file.size };
    });
    const kept = new Set(changes.files.map((f) => f._id));
    droppedFiles = row.files.filter((f) => !kept.has(f._id)).map((f) => f._id);
  }
  return { changes, droppedFiles };
}

/**
 * HR files are as private as HR data: only those who may see the owner's HR data download them. A file that is
 * nobody's HR file is not this rule's concern.
 */
async function mayDownloadHrFile(ctx: RequestContext, fileId: string): Promise<boolean> {
  const owners = await ctx.db
    .select({ id: users.id, chief: users.chief })
    .from(users)
    .where(and(eq(users.clientId, ctx.tenant()), sql`${users.files} @> ${JSON.stringify([{ _id: fileId }])}::jsonb`));
  return owners.every((owner) => canSeeHr(ctx, owner));
}

restrictFiles(mayDownloadHrFile);
