import { COVER_MIN_HEIGHT, COVER_WIDTH, HEADER_IMAGE_HEIGHT, HEADER_IMAGE_MIN_WIDTH } from '@hallway/shared';

export interface Size {
  width: number;
  height: number;
}

/** A rectangle of the source picture in its own pixels (what the cropper reports as `croppedAreaPixels`). */
export interface Rect extends Size {
  x: number;
  y: number;
}

/** What a picture is for: each has the size rule of spec portal §9 (or, for avatars, a square). */
export type CropPurpose = 'cover' | 'avatar' | 'header' | 'item';

/**
 * The shapes a person may choose for each purpose; the first is the default. A cover is always COVER_WIDTH wide and
 * a band of its height ≥ COVER_MIN_HEIGHT; a workspace header is HEADER_IMAGE_HEIGHT high and ≥ HEADER_IMAGE_MIN_WIDTH
 * wide; an avatar is a square big enough for a profile page on a dense screen.
 */
export const AVATAR_SIZE = 512;
export const CROP_SHAPES: Record<CropPurpose, readonly Size[]> = {
  cover: [
    { width: COVER_WIDTH, height: 570 },
    { width: COVER_WIDTH, height: 855 },
    { width: COVER_WIDTH, height: 428 },
    { width: COVER_WIDTH, height: 285 },
  ],
  avatar: [{ width: AVATAR_SIZE, height: AVATAR_SIZE }],
  /** A shop item's picture (modules §9: 200x360). */
  item: [{ width: 200, height: 360 }],
  header: [
    { width: 1280, height: HEADER_IMAGE_HEIGHT },
    { width: HEADER_IMAGE_MIN_WIDTH, height: HEADER_IMAGE_HEIGHT },
    { width: 1920, height: HEADER_IMAGE_HEIGHT },
  ],
};

/** Whether a finished picture keeps the rule of its purpose (the server checks the cover again). */
export function fitsPurpose(purpose: CropPurpose, { width, height }: Size): boolean {
  if (purpose === 'cover') return width === COVER_WIDTH && height >= COVER_MIN_HEIGHT;
  if (purpose === 'header') return height === HEADER_IMAGE_HEIGHT && width >= HEADER_IMAGE_MIN_WIDTH;
  if (purpose === 'item') return width === 200 && height === 360;
  return width === height && width > 0;
}

/** The largest rectangle of the target's aspect, centred in the picture: the crop before the person moves it. */
export function centredArea(image: Size, target: Size): Rect {
  const aspect = target.width / target.height;
  let width = image.width;
  let height = width / aspect;
  if (height > image.height) {
    height = image.height;
    width = height * aspect;
  }
  width = Math.max(1, Math.round(width));
  height = Math.max(1, Math.round(height));
  return { x: Math.round((image.width - width) / 2), y: Math.round((image.height - height) / 2), width, height };
}

/**
 * The source rectangle to draw: the cropper's area in whole pixels, kept inside the picture (its rounding can reach
 * a pixel past an edge) and at least one pixel big. The output is always exactly `target`, whatever the source's
 * size: a small photo is scaled up, a big one down.
 */
export function sourceRect(area: Rect | null, image: Size, target: Size): Rect {
  if (!area || !(area.width > 0) || !(area.height > 0)) return centredArea(image, target);
  // The size is kept and the position moved, so the drawn part keeps the shape's aspect.
  const width = clamp(Math.round(area.width), 1, image.width);
  const height = clamp(Math.round(area.height), 1, image.height);
  const x = clamp(Math.round(area.x), 0, image.width - width);
  const y = clamp(Math.round(area.y), 0, image.height - height);
  return { x, y, width, height };
}

const clamp = (value: number, low: number, high: number) => Math.min(Math.max(value, low), high);

/** A file name for the cropped picture: the original's name with the output's extension. */
export function croppedName(original: string, type: string): string {
  const extension = type === 'image/webp' ? 'webp' : type === 'image/png' ? 'png' : 'jpg';
  const base = original.replace(/\.[^./\\]+$/, '').trim() || 'image';
  return `${base}.${extension}`;
}
