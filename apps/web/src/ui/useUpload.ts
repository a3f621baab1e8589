import { formatBytes, UPLOAD_PROGRESS_HIDE_MS, type UploadResult } from '@hallway/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { oversizedFile, UPLOAD_LIMITS, type UploadPurpose, uploadFiles } from '../api/upload';
import { errorText, translateCode } from '../i18n/errors';

export interface UploadState {
  /** 0..100 while visible; null when the bar is hidden. */
  progress: number | null;
  uploading: boolean;
  error: string | null;
  /** Uploads the files; answers their results, or null when refused or failed (the reason is in `error`). */
  upload: (files: File[]) => Promise<UploadResult[] | null>;
  reset: () => void;
}

/**
 * Upload with progress (spec portal §4 "Uploads"): 0 and shown at the start, the rounded percent while sending,
 * hidden 1.5 s after completion. Oversized files are refused before anything is sent (spec portal §5 "Posts").
 */
export function useUpload({
  purpose = 'general',
  target,
}: {
  purpose?: UploadPurpose;
  target?: string;
} = {}): UploadState {
  const [progress, setProgress] = useState<number | null>(null);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(hideTimer.current), []);

  const upload = useCallback(
    async (files: File[]) => {
      if (!files.length) return [];
      clearTimeout(hideTimer.current);
      if (oversizedFile(files, purpose)) {
        setProgress(null);
        setError(
          purpose === 'attachment'
            ? translateCode('attachment_too_big', { size: formatBytes(UPLOAD_LIMITS.attachment) })
            : translateCode('file_too_big'),
        );
        return null;
      }
      setError(null);
      setProgress(0);
      setUploading(true);
      try {
        const results = await uploadFiles(files, {
          purpose,
          target,
          onProgress: (fraction) => setProgress(Math.round(fraction * 100)),
        });
        setProgress(100);
        hideTimer.current = setTimeout(() => setProgress(null), UPLOAD_PROGRESS_HIDE_MS);
        return results;
      } catch (err) {
        setProgress(null);
        setError(errorText(err));
        return null;
      } finally {
        setUploading(false);
      }
    },
    [purpose, target],
  );

  const reset = useCallback(() => {
    clearTimeout(hideTimer.current);
    setProgress(null);
    setError(null);
  }, []);

  return { progress, uploading, error, upload, reset };
}
