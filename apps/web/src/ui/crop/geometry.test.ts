import { COVER_MIN_HEIGHT, COVER_WIDTH, HEADER_IMAGE_HEIGHT, HEADER_IMAGE_MIN_WIDTH } from '@hallway/shared';
import { describe, expect, it } from 'vitest';
import { CROP_SHAPES, type CropPurpose, centredArea, croppedName, fitsPurpose, sourceRect } from './geometry';

describe('crop shapes', () => {
  it('every shape a person can choose keeps the rule of its purpose', () => {
    for (const purpose of Object.keys(CROP_SHAPES) as CropPurpose[]) {
      for (const shape of CROP_SHAPES[purpose])
        expect(fitsPurpose(purpose, shape), `${purpose} ${shape.width}`).toBe(true);
    }
    expect(CROP_SHAPES.cover[0]).toEqual({ width: 3420, height: 570 });
    expect(CROP_SHAPES.avatar).toEqual([{ width: 512, height: 512 }]);
  });

  it('knows the cover, header and avatar rules of spec portal §9', () => {
    expect(fitsPurpose('cover', { width: COVER_WIDTH, height: COVER_MIN_HEIGHT })).toBe(true);
    expect(fitsPurpose('cover', { width: COVER_WIDTH, height: COVER_MIN_HEIGHT - 1 })).toBe(false);
    expect(fitsPurpose('cover', { width: 3000, height: 400 })).toBe(false);
    expect(fitsPurpose('header', { width: HEADER_IMAGE_MIN_WIDTH, height: HEADER_IMAGE_HEIGHT })).toBe(true);
    expect(fitsPurpose('header', { width: HEADER_IMAGE_MIN_WIDTH - 1, height: HEADER_IMAGE_HEIGHT })).toBe(false);
    expect(fitsPurpose('header', { width: 1200, height: 161 })).toBe(false);
    expect(fitsPurpose('avatar', { width: 300, height: 300 })).toBe(true);
    expect(fitsPurpose('avatar', { width: 300, height: 301 })).toBe(false);
  });
});

describe('centred area', () => {
  it('takes the full width of a landscape photo for a wide band', () => {
    expect(centredArea({ width: 1200, height: 900 }, { width: 3420, height: 570 })).toEqual({
      x: 0,
      y: 350,
      width: 1200,
      height: 200,
    });
  });

  it('takes the full height when the photo is narrower than the shape', () => {
    expect(centredArea({ width: 1200, height: 900 }, { width: 512, height: 512 })).toEqual({
      x: 150,
      y: 0,
      width: 900,
      height: 900,
    });
    expect(centredArea({ width: 600, height: 2000 }, { width: 512, height: 512 })).toEqual({
      x: 0,
      y: 700,
      width: 600,
      height: 600,
    });
  });

  it('keeps at least one pixel of a photo far smaller than the band', () => {
    const area = centredArea({ width: 3, height: 3 }, { width: 3420, height: 285 });
    expect(area.width).toBe(3);
    expect(area.height).toBe(1);
  });
});

describe('source rectangle', () => {
  const image = { width: 1200, height: 900 };
  const target = { width: 3420, height: 570 };

  it('rounds the cropper area to whole pixels', () => {
    expect(sourceRect({ x: 10.4, y: 20.6, width: 600.2, height: 99.8 }, image, target)).toEqual({
      x: 10,
      y: 21,
      width: 600,
      height: 100,
    });
  });

  it('keeps the area inside the picture when the rounding reaches past an edge', () => {
    expect(sourceRect({ x: -0.7, y: 700.5, width: 1201, height: 200.4 }, image, target)).toEqual({
      x: 0,
      y: 700,
      width: 1200,
      height: 200,
    });
  });

  it('falls back to the centred area before the cropper reports one', () => {
    expect(sourceRect(null, image, target)).toEqual(centredArea(image, target));
    expect(sourceRect({ x: 0, y: 0, width: Number.NaN, height: 0 }, image, target)).toEqual(centredArea(image, target));
  });
});

describe('cropped file name', () => {
  it('keeps the name and takes the output type extension', () => {
    expect(croppedName('Holiday at sea.PNG', 'image/jpeg')).toBe('Holiday at sea.jpg');
    expect(croppedName('photo', 'image/webp')).toBe('photo.webp');
    expect(croppedName('.png', 'image/jpeg')).toBe('image.jpg');
  });
});
