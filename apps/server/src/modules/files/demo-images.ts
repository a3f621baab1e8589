import { Readable } from 'node:stream';
import { COVER_WIDTH, type StoredFile, UPLOAD_LIMIT_BYTES } from '@hallway/shared';
import type { Tx } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors/app-error.js';
import { files } from '../../platform/files/tables.js';
import type { StorageDriver } from '../../platform/files/types.js';
import { receiveFile } from './receive.js';
import { presentFile } from './service.js';
import { loadSharp } from './thumbnails.js';

/**
 * Pictures of the demo workspace (issue 12), drawn here at seeding as SVG and encoded to WebP by sharp: abstract
 * portraits, profile covers and a few photos for posts. Nothing is downloaded; the same seed always draws the same
 * picture. They are stored like real uploads (bytes in storage, a thumbnail, a files row with the size).
 */

/** Avatars are shown at most this big (the profile's picture); covers are the cropper's COVER_WIDTH × this. */
export const DEMO_AVATAR_SIZE = 320;
export const DEMO_COVER_HEIGHT = 570;
export const DEMO_PHOTO = { width: 1200, height: 800 };

export interface DemoImage {
  name: string;
  svg: string;
  /** Drawn smaller and scaled up to this size (soft shapes lose nothing; a cover draws 9 times faster). */
  scaleTo?: { width: number; height: number };
}

/** A small deterministic random source from a text (FNV-1a seed, mulberry32 steps). */
function randomOf(seed: string) {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    h ^= seed.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  let state = h >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, between: (min: number, max: number) => min + (max - min) * next() };
}

const hsl = (h: number, s: number, l: number) => `hsl(${Math.round(h) % 360},${Math.round(s)}%,${Math.round(l)}%)`;

/** An initials-free abstract portrait: a head and shoulders over a soft two-colour gradient. */
export function demoAvatar(seed: string): DemoImage {
  const r = randomOf(`avatar:${seed}`);
  const size = DEMO_AVATAR_SIZE;
  const hue = r.between(0, 360);
  const hue2 = hue + r.between(30, 90);
  const skin = hsl(r.between(18, 34), r.between(35, 55), r.between(45, 78));
  const hair = hsl(r.between(0, 40), r.between(20, 50), r.between(10, 40));
  const shirt = hsl(hue + 180, r.between(25, 45), r.between(38, 55));
  const headR = size * r.between(0.16, 0.19);
  const cx = size / 2 + r.between(-8, 8);
  const headY = size * 0.42;
  const blobs = Array.from({ length: 3 }, () => {
    const x = r.between(0, size);
    const y = r.between(0, size * 0.6);
    return `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${r.between(30, 90).toFixed(0)}" fill="#fff" opacity="${r.between(0.06, 0.16).toFixed(2)}"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hsl(hue, 60, 62)}"/><stop offset="1" stop-color="${hsl(hue2, 55, 42)}"/></linearGradient></defs>
<rect width="${size}" height="${size}" fill="url(#bg)"/>${blobs}
<ellipse cx="${cx}" cy="${size * 1.02}" rx="${size * r.between(0.3, 0.36)}" ry="${size * 0.3}" fill="${shirt}"/>
<rect x="${cx - headR * 0.45}" y="${headY + headR * 0.6}" width="${headR * 0.9}" height="${headR * 0.9}" rx="${headR * 0.3}" fill="${skin}"/>
<ellipse cx="${cx}" cy="${headY - headR * 0.25}" rx="${headR * 1.12}" ry="${headR * r.between(0.95, 1.15)}" fill="${hair}"/>
<circle cx="${cx}" cy="${headY}" r="${headR}" fill="${skin}"/>
</svg>`;
  return { name: `${seed}-avatar.webp`, svg };
}

/** A profile cover at the cropper's size: layered soft waves over a gradient. */
export function demoCover(seed: string): DemoImage {
  const r = randomOf(`cover:${seed}`);
  const w = COVER_WIDTH;
  const h = DEMO_COVER_HEIGHT;
  const hue = r.between(0, 360);
  const waves = Array.from({ length: 4 }, (_, i) => {
    const base = h * (0.45 + i * 0.14);
    const amp = r.between(30, 90);
    const phase = r.between(0, Math.PI * 2);
    const period = r.between(380, 700);
    const points: string[] = [];
    for (let x = 0; x <= w; x += 57) points.push(`${x},${(base + Math.sin(x / period + phase) * amp).toFixed(0)}`);
    return `<polygon points="0,${h} ${points.join(' ')} ${w},${h}" fill="${hsl(hue + i * 14, 55, 60 - i * 8)}" opacity="0.85"/>`;
  }).join('');
  const suns = Array.from({ length: 5 }, () => {
    return `<circle cx="${r.between(0, w).toFixed(0)}" cy="${r.between(0, h * 0.5).toFixed(0)}" r="${r.between(40, 160).toFixed(0)}" fill="#fff" opacity="${r.between(0.08, 0.2).toFixed(2)}"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w / 3}" height="${h / 3}" viewBox="0 0 ${w} ${h}">
<defs><linearGradient id="sky" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hsl(hue + 200, 55, 80)}"/><stop offset="1" stop-color="${hsl(hue + 150, 50, 62)}"/></linearGradient></defs>
<rect width="${w}" height="${h}" fill="url(#sky)"/>${suns}${waves}
</svg>`;
  return { name: `${seed}-cover.webp`, svg, scaleTo: { width: w, height: h } };
}

/** A landscape "photo" for a post: a sky, a sun and ranges of hills fading into the distance. */
export function demoPhoto(seed: string): DemoImage {
  const r = randomOf(`photo:${seed}`);
  const { width: w, height: h } = DEMO_PHOTO;
  const hue = r.between(180, 260);
  const warm = r.between(10, 45);
  const ranges = Array.from({ length: 4 }, (_, i) => {
    const base = h * (0.5 + i * 0.12);
    const points: string[] = [];
    for (let x = 0; x <= w; x += 60) points.push(`${x},${(base - r.between(0, 110 - i * 20)).toFixed(0)}`);
    return `<polygon points="0,${h} ${points.join(' ')} ${w},${h}" fill="${hsl(hue - 40 + i * 8, 30 + i * 6, 55 - i * 11)}"/>`;
  }).join('');
  const sunX = r.between(w * 0.2, w * 0.8);
  const sunY = r.between(h * 0.18, h * 0.4);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hsl(hue, 60, 62)}"/><stop offset="0.7" stop-color="${hsl(warm, 80, 78)}"/></linearGradient>
<radialGradient id="sun"><stop offset="0" stop-color="#fff8e1"/><stop offset="1" stop-color="#fff8e1" stop-opacity="0"/></radialGradient></defs>
<rect width="${w}" height="${h}" fill="url(#sky)"/>
<circle cx="${sunX}" cy="${sunY}" r="150" fill="url(#sun)"/><circle cx="${sunX}" cy="${sunY}" r="46" fill="#fffdf3"/>
${ranges}
</svg>`;
  return { name: `${seed}.webp`, svg };
}

/** WebP of a drawing, at its own size. */
export async function encodeDemoImage(image: DemoImage): Promise<Buffer> {
  const sharp = await loadSharp();
  const drawn = sharp(Buffer.from(image.svg));
  const sized = image.scaleTo ? drawn.resize(image.scaleTo.width, image.scaleTo.height, { fit: 'fill' }) : drawn;
  // Low effort: a cover has two million pixels and the demo must start quickly; smooth shapes compress well anyway.
  return sized.webp({ quality: 72, effort: 2 }).toBuffer();
}

/**
 * Stores encoded demo pictures like uploads of `ownerId`: the bytes and a thumbnail through the storage driver, one
 * files row each. Answers them as the API presents files, in order.
 */
export async function storeDemoImages(
  storage: StorageDriver,
  tx: Tx,
  clientId: string,
  items: { ownerId: string; name: string; bytes: Buffer }[],
): Promise<StoredFile[]> {
  const budget = { bytes: UPLOAD_LIMIT_BYTES, refusal: () => new AppError(413, 'file_too_big') };
  const received = await Promise.all(
    items.map(async (item) => ({
      ownerId: item.ownerId,
      file: await receiveFile(
        storage,
        clientId,
        { filename: item.name, mimetype: 'image/webp', file: Readable.from([item.bytes]) },
        budget,
      ),
    })),
  );
  if (!received.length) return [];
  const rows = await tx
    .insert(files)
    .values(received.map(({ ownerId, file }) => ({ ...file, clientId, ownerId })))
    .returning();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return received.map(({ file }) => presentFile(byId.get(file.id)!));
}
