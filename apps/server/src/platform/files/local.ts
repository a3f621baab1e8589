import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { errorCode, FileMissingError, type StorageDriver, StorageError } from './types.js';

/** Files on local disk under DATA_DIR/files; keys are server-generated, so they are safe path segments. */
export function createLocalStorage(root: string): StorageDriver {
  const pathOf = (key: string) => {
    if (!/^[A-Za-z0-9/_.-]+$/.test(key) || key.includes('..')) throw new Error(`Bad storage key ${key}`);
    return path.join(root, key);
  };
  return {
    kind: 'local',
    async put(key, body) {
      const target = pathOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      try {
        await pipeline(body, createWriteStream(target));
      } catch (err) {
        await rm(target, { force: true });
        // Only the disk's own failures (ENOSPC, EACCES, ...) carry a syscall; a failing body is the caller's.
        const code = (err as NodeJS.ErrnoException).syscall ? errorCode(err) : undefined;
        if (code) throw new StorageError(code, {}, { cause: err });
        throw err;
      }
    },
    async get(key, range) {
      const target = pathOf(key);
      try {
        await stat(target);
      } catch {
        throw new FileMissingError(key);
      }
      return createReadStream(target, range ? { start: range.start, end: range.end } : {}) as Readable;
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
