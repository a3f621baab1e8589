// Renders the first page of a PDF in a worker thread (pdf-preview.ts starts it with a time and memory limit): a
// hostile PDF costs this thread, never the event loop every workspace shares. Imports nothing of the app, so it
// starts the same from the build and from sources. Needs no network: the standard fonts, character maps and
// decoders' WebAssembly are read from pdfjs-dist's own folder.
import { createRequire } from 'node:module';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { createCanvas } from '@napi-rs/canvas';

export interface PdfJob {
  kind: 'hallway-pdf';
  bytes: Uint8Array;
  /** The preview fits inside size × size pixels, whatever size the page claims. */
  size: number;
  /** Images inside the PDF with more pixels are not decoded (pdf.js skips them). */
  maxImagePixels: number;
}

export type PdfAnswer = { webp: Uint8Array } | { error: 'unreadable' };

const require = createRequire(import.meta.url);
const pdfjsFolder = path.dirname(require.resolve('pdfjs-dist/package.json'));
const folder = (name: string) => `${path.join(pdfjsFolder, name)}${path.sep}`;

async function render({ bytes, size, maxImagePixels }: PdfJob): Promise<PdfAnswer> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await pdfjs.getDocument({
    data: bytes,
    standardFontDataUrl: folder('standard_fonts'),
    cMapUrl: folder('cmaps'),
    cMapPacked: true,
    wasmUrl: folder('wasm'),
    iccUrl: folder('iccs'),
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    maxImageSize: maxImagePixels,
    verbosity: 0,
  }).promise;
  try {
    const page = await document.getPage(1);
    const natural = page.getViewport({ scale: 1 });
    if (!(natural.width > 0 && natural.height > 0)) return { error: 'unreadable' };
    // The page's claimed size never sets the canvas's: it is scaled to fit the preview, so a page of a square
    // kilometre costs what a letter does.
    const viewport = page.getViewport({ scale: Math.min(size / natural.width, size / natural.height) });
    const width = Math.max(1, Math.round(viewport.width));
    const height = Math.max(1, Math.round(viewport.height));
    const canvas = createCanvas(width, height);
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    // pdf.js types its canvas as the DOM's; skia's has the same drawing interface.
    type Render = Parameters<typeof page.render>[0];
    await page.render({
      canvas: null,
      canvasContext: context as unknown as NonNullable<Render['canvasContext']>,
      viewport,
    }).promise;
    const webp = await canvas.encode('webp', 80);
    return { webp: new Uint8Array(webp.buffer, webp.byteOffset, webp.byteLength) };
  } finally {
    await document.destroy();
  }
}

const job = workerData as PdfJob | undefined;
if (parentPort && job?.kind === 'hallway-pdf') {
  const port = parentPort;
  render(job).then(
    (answer) => port.postMessage(answer, 'webp' in answer ? [answer.webp.buffer as ArrayBuffer] : []),
    () => port.postMessage({ error: 'unreadable' } satisfies PdfAnswer),
  );
}
