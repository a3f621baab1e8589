import { z } from 'zod';

/**
 * Why the storage backend refused an upload (spec portal §8 "Call-level failures"); the web maps these three to
 * 'no bucket {bucket}', 'account blocked' and 'server refused connection'. Other backend failures carry the
 * backend's own code as `reason`.
 */
export const UPLOAD_ERROR_REASONS = ['NoSuchBucket', 'accountDisabled', 'ECONNREFUSED'] as const;
export type UploadErrorReason = (typeof UPLOAD_ERROR_REASONS)[number];

/** `POST api/upload?purpose=attachment` applies the post attachment limit instead of the general one. */
export const UPLOAD_PURPOSES = ['general', 'attachment'] as const;
export const uploadQuery = z.object({ purpose: z.enum(UPLOAD_PURPOSES).default('general') });

const FILE_ID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** A file's download address as an upload answers it (`url`, `src`): `/api/files/{id}`. */
export const FILE_URL = new RegExp(`^/api/files/(${FILE_ID})$`, 'i');
const FILE_REF = new RegExp(`^(?:/api/files/)?(${FILE_ID})(?:/thumb)?$`, 'i');

/** The file id behind `/api/files/{id}`, its thumbnail's `/api/files/{id}/thumb` or a bare id; null otherwise. */
export const fileIdOf = (value: string): string | null => FILE_REF.exec(value)?.[1].toLowerCase() ?? null;

/** A stored file as the API shows it: `src` downloads it, `mini` is the thumbnail of an image. */
export const storedFile = z.object({
  _id: z.string(),
  src: z.string(),
  mini: z.string().optional(),
  name: z.string(),
  size: z.number().int().nonnegative(),
  mime: z.string(),
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
});
export type StoredFile = z.infer<typeof storedFile>;

/** One uploaded file in the shape of spec portal §7 "Upload": file, thumb, url, fileName. */
export const uploadResult = z.object({
  file: storedFile,
  thumb: z.string().nullable(),
  url: z.string(),
  fileName: z.string(),
});
export type UploadResult = z.infer<typeof uploadResult>;
export const uploadResponse = z.object({ results: z.array(uploadResult) });
