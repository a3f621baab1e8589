import { COVER_MIN_HEIGHT, COVER_WIDTH } from '@hallway/shared';

export interface ImageSize {
  width: number;
  height: number;
}

/** The cover rule of spec portal §9, the same the server applies: exactly 3420 px wide, at least 250 px high. */
export const coverSizeOk = ({ width, height }: ImageSize) => width === COVER_WIDTH && height >= COVER_MIN_HEIGHT;

/** The pixel size of a picture the person chose, read in the browser before anything is uploaded. */
export function imageSize(file: Blob): Promise<ImageSize> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => {
      URL.revokeObjectURL(url);
      resolve({ width: image.naturalWidth, height: image.naturalHeight });
    };
    image.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error('not an image'));
    };
    image.src = url;
  });
}

/** Only web links become anchors: a stored `javascript:` link must never be clickable. */
export const safeLink = (value: string | undefined | null): string | null =>
  value && /^https?:\/\/\S+$/i.test(value.trim()) ? value.trim() : null;
