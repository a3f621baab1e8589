import { availableParallelism } from 'node:os';

type Sharp = typeof import('sharp')['default'];
let sharpLoading: Promise<Sharp> | undefined;

/**
 * sharp, loaded on the first image instead of at start: libvips and its libraries are some 20 MB a server that sees
 * no image never needs. Its operation cache (up to 50 MB and 100 results) is off: every upload and demo picture is
 * new, so nothing in it was ever used again (docs/operations.md "Memory").
 */
export function loadSharp(): Promise<Sharp> {
  sharpLoading ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return sharpLoading;
}

/** Raster formats that get a thumbnail, as sharp names them (AVIF decodes as heif), and their mime types. */
const RASTER: Record<string, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  heif: 'image/avif',
  tiff: 'image/tiff',
};
const RASTER_MIMES = new Set([...Object.values(RASTER), 'image/jpg', 'image/pjpeg', 'image/heif']);
const RASTER_EXTENSIONS = /\.(jpe?g|jfif|png|webp|gif|avif|tiff?)$/i;

export const THUMB_SIZE = 480;
export const THUMB_MIME = 'image/webp';
/**
 * sharp decodes from memory, so only images up to this size get a thumbnail; a bigger one is stored as a plain
 * file. This bounds what one upload holds in memory.
 */
export const THUMB_SOURCE_MAX = 32 * 1024 * 1024;

/** Whether an upload may be a raster image worth collecting for a thumbnail (sharp decides in the end). */
export const mayBeRaster = (mime: string, name: string) => RASTER_MIMES.has(mime) || RASTER_EXTENSIONS.test(name);

export interface Thumbnail {
  /** The image's own mime type, as decoded (the browser's claim is not trusted). */
  mime: string;
  /** Of the original, as displayed (EXIF orientation applied). */
  width: number;
  height: number;
  /** WebP, fitting inside THUMB_SIZE × THUMB_SIZE. */
  data: Buffer;
}

/**
 * Images with more pixels are not decoded (no thumbnail; the upload is kept as a plain file). A decoded image takes
 * about 4 bytes a pixel: 50 MP (a 48 MP phone photo passes) is ~200 MB, where sharp's own limit, 16,383² px,
 * is over a gigabyte. Checked from the header before decoding, and again by sharp while it decodes.
 */
export const IMAGE_MAX_PIXELS = 50_000_000;

/** Images decoded at once in this process; further uploads wait their turn instead of all taking memory together. */
export const THUMBNAIL_DECODERS = Math.max(1, Math.min(4, availableParallelism() - 1));
let decoding = 0;
const waiting: (() => void)[] = [];
/** How many decodes ran at once at most (tests check the pool holds). */
export const decoderStats = { peak: 0 };

async function inDecoderSlot<T>(work: () => Promise<T>): Promise<T> {
  if (decoding >= THUMBNAIL_DECODERS) await new Promise<void>((resolve) => waiting.push(resolve));
  decoding++;
  decoderStats.peak = Math.max(decoderStats.peak, decoding);
  try {
    return await work();
  } finally {
    decoding--;
    waiting.shift()?.();
  }
}

/**
 * A thumbnail of a raster image, or null when the bytes are not one sharp can read (a broken or disguised
 * image) or have more than IMAGE_MAX_PIXELS: such an upload is kept as a plain file.
 */
export async function makeThumbnail(source: Buffer): Promise<Thumbnail | null> {
  const sharp = await loadSharp();
  try {
    const image = sharp(source, { failOn: 'error', autoOrient: true, limitInputPixels: IMAGE_MAX_PIXELS });
    // The header only: no pixel is decoded yet.
    const meta = await image.metadata();
    const mime = RASTER[meta.format];
    if (!mime || !meta.width || !meta.height || meta.width * meta.height > IMAGE_MAX_PIXELS) return null;
    const data = await inDecoderSlot(() =>
      image
        .resize(THUMB_SIZE, THUMB_SIZE, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 80 })
        .timeout({ seconds: 30 })
        .toBuffer(),
    );
    return { mime, width: meta.autoOrient.width, height: meta.autoOrient.height, data };
  } catch {
    return null;
  }
}
