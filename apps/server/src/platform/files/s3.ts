import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { errorCode, FileMissingError, type StorageDriver, StorageError } from './types.js';

export interface S3Settings {
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

/** S3 error codes that mean the account or its keys may not write: the web says 'account blocked'. */
const ACCOUNT_CODES = new Set([
  'AccessDenied',
  'AccountProblem',
  'AllAccessDisabled',
  'InvalidAccessKeyId',
  'InvalidToken',
  'ExpiredToken',
  'NotSignedUp',
  'SignatureDoesNotMatch',
]);

/** Names a backend failure by the reason the web maps (spec portal §8), keeping the original as `cause`. */
export function s3Failure(err: unknown, bucket: string): StorageError {
  const name = (err as { name?: string; Code?: string } | null)?.Code ?? (err as Error | null)?.name;
  if (name === 'NoSuchBucket') return new StorageError('NoSuchBucket', { bucket }, { cause: err });
  if (name && ACCOUNT_CODES.has(name)) return new StorageError('accountDisabled', {}, { cause: err });
  const code = errorCode(err);
  if (code === 'ECONNREFUSED') return new StorageError('ECONNREFUSED', {}, { cause: err });
  return new StorageError(code ?? name ?? 'unknown', {}, { cause: err });
}

/** Files in an S3-compatible bucket (AWS, MinIO, ...). Uploads stream in parts; nothing is buffered whole. */
export function createS3Storage(settings: S3Settings): StorageDriver {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
  });
  const Bucket = settings.bucket;
  return {
    kind: 's3',
    async put(key, body, contentType) {
      try {
        await new Upload({ client, params: { Bucket, Key: key, Body: body, ContentType: contentType } }).done();
      } catch (err) {
        // A failing body (a refused or broken upload) is the caller's error, not the backend's.
        if (body.errored) throw body.errored;
        throw s3Failure(err, Bucket);
      }
    },
    async get(key, range) {
      try {
        const Range = range ? `bytes=${range.start}-${range.end}` : undefined;
        const out = await client.send(new GetObjectCommand({ Bucket, Key: key, Range }));
        const body = out.Body as Readable;
        // A store that ignored the Range would hand over the whole object as if it were the part.
        if (range && !out.ContentRange?.startsWith(`bytes ${range.start}-${range.end}/`)) {
          body.destroy();
          throw new StorageError('InvalidRange', {}, { cause: new Error(`Asked ${Range}, got ${out.ContentRange}`) });
        }
        return body;
      } catch (err) {
        if (err instanceof NoSuchKey || (err as { name?: string }).name === 'NoSuchKey')
          throw new FileMissingError(key);
        if (err instanceof StorageError) throw err;
        throw s3Failure(err, Bucket);
      }
    },
    async delete(key) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
      } catch (err) {
        throw s3Failure(err, Bucket);
      }
    },
  };
}
