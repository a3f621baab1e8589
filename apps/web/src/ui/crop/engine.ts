import type { Rect, Size } from './geometry';

/**
 * The part of cropping that needs a real browser: reading a picture's pixel size and drawing a part of it into a
 * canvas of the target size. Kept apart so the dialog's flow is testable where there is no canvas.
 */
export interface CropEngine {
  measure(src: string): Promise<Size>;
  draw(src: string, source: Rect, target: Size, type: string): Promise<Blob>;
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('not an image'));
    image.src = src;
  });
}

/** JPEG and WebP quality of the exported picture. */
const QUALITY = 0.9;

export const browserCropEngine: CropEngine = {
  async measure(src) {
    const image = await loadImage(src);
    return { width: image.naturalWidth, height: image.naturalHeight };
  },
  async draw(src, source, target, type) {
    const image = await loadImage(src);
    const canvas = document.createElement('canvas');
    canvas.width = target.width;
    canvas.height = target.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no canvas');
    // JPEG has no transparency: a transparent PNG would turn black without a background.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, target.width, target.height);
    context.imageSmoothingQuality = 'high';
    context.drawImage(image, source.x, source.y, source.width, source.height, 0, 0, target.width, target.height);
    return new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no blob'))), type, QUALITY),
    );
  },
};
