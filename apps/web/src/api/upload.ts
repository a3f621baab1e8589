import { type ErrorBody, POST_ATTACHMENT_LIMIT_BYTES, UPLOAD_LIMIT_BYTES, type UploadResult } from '@hallway/shared';
import { ApiError, authHeaders, reportApiError, withErrorTexts } from './client';

export type UploadPurpose = 'general' | 'attachment';

/** Spec portal §9: general uploads up to 250 MB, post attachments up to 20 MB. */
export const UPLOAD_LIMITS: Record<UploadPurpose, number> = {
  general: UPLOAD_LIMIT_BYTES,
  attachment: POST_ATTACHMENT_LIMIT_BYTES,
};

/** The file that breaks the limit of its purpose, checked before anything is sent. */
export function oversizedFile(files: File[], purpose: UploadPurpose): File | null {
  return files.find((file) => file.size > UPLOAD_LIMITS[purpose]) ?? null;
}

export interface UploadOptions {
  purpose?: UploadPurpose;
  /** Called with 0..1 as the bytes go out. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** Another upload route of the same form (an anonymous report's attachments); the purpose's limit still applies. */
  target?: string;
}

/**
 * `POST /api/upload` as multipart form data (spec portal §7 "Upload"). XMLHttpRequest rather than fetch because
 * only it reports upload progress.
 */
export function uploadFiles(files: File[], options: UploadOptions = {}): Promise<UploadResult[]> {
  const purpose = options.purpose ?? 'general';
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const file of files) form.append('file', file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', options.target ?? `/api/upload?purpose=${purpose}`);
    const headers = authHeaders();
    const fail = (failed: ApiError) =>
      void withErrorTexts(failed).then((error) => {
        // The uploading component shows the message; a 401 or a blocked login still ends the session.
        reportApiError(error, { local: true, hadToken: !!headers.Authorization });
        reject(error);
      });
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve((body as { results: UploadResult[] }).results);
      } else {
        const error = body as ErrorBody | null;
        fail(new ApiError(xhr.status, error && typeof error.message === 'string' ? error : null));
      }
    };
    xhr.onerror = () => fail(new ApiError(0, null));
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
