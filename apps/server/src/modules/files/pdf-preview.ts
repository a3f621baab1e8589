// A first-page preview of an uploaded PDF (the knowledge base's folders show it like an image's thumbnail), rendered
// by pdf.js onto a skia canvas in a worker thread (pdf-worker.ts) with a time and memory limit.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { PdfAnswer, PdfJob } from './pdf-worker.js';
import { THUMB_SIZE } from './thumbnails.js';

export const PDF_MIME = 'application/pdf';
/** Whether an upload may be a PDF worth collecting for a preview (the bytes decide in the end). */
export const mayBePdf = (mime: string, name: string) => mime === PDF_MIME || /\.pdf$/i.test(name);

export const PDF_PREVIEW_LIMITS = {
  /** A PDF still rendering after this long gets no preview (its worker is stopped). */
  timeMs: 10_000,
  /** The worker's JavaScript heap. */
  heapMb: 256,
  /** Pictures inside the page with more pixels are skipped. */
  maxImagePixels: 25_000_000,
};

/** PDFs rendered at once in this process; further uploads wait their turn instead of all taking cores together. */
const RENDERERS = Math.max(1, Math.min(2, availableParallelism() - 1));
let rendering = 0;
const waiting: (() => void)[] = [];

async function inRendererSlot<T>(work: () => Promise<T>): Promise<T> {
  if (rendering >= RENDERERS) await new Promise<void>((resolve) => waiting.push(resolve));
  rendering++;
  try {
    return await work();
  } finally {
    rendering--;
    waiting.shift()?.();
  }
}

// From sources (tests, `npm run dev`) the worker is TypeScript too: it starts through tsx (a dev dependency).
const fromSources = import.meta.url.endsWith('.ts');
const WORKER_URL = new URL(fromSources ? './pdf-worker.ts' : './pdf-worker.js', import.meta.url);
const WORKER_SOURCE = `import('tsx/esm/api').then((tsx) => tsx.tsImport(${JSON.stringify(WORKER_URL.href)}, ${JSON.stringify(import.meta.url)}))`;

/**
 * The PDF's header (`%PDF-`) within its first kilobyte, where readers look for it, and its end marker (`%%EOF`) near
 * the end, as every complete PDF (and each of its incremental updates) has: anything else starts no worker.
 */
const looksLikePdf = (bytes: Buffer) =>
  bytes.subarray(0, 1024).includes('%PDF-') && bytes.subarray(-2048).includes('%%EOF');

/**
 * A WebP preview of the first page (the thumbnail's format), fitting inside THUMB_SIZE × THUMB_SIZE, or null when the
 * bytes are not a PDF pdf.js can draw, or it takes longer or more memory than `limits` allow: such an upload is kept
 * without one.
 */
export async function makePdfThumbnail(
  source: Buffer,
  limits: typeof PDF_PREVIEW_LIMITS = PDF_PREVIEW_LIMITS,
): Promise<Buffer | null> {
  if (!looksLikePdf(source)) return null;
  const job: PdfJob = { kind: 'hallway-pdf', bytes: source, size: THUMB_SIZE, maxImagePixels: limits.maxImagePixels };
  const answer = await inRendererSlot(
    () =>
      new Promise<PdfAnswer>((resolve) => {
        const worker = new Worker(fromSources ? WORKER_SOURCE : WORKER_URL, {
          eval: fromSources,
          workerData: job,
          resourceLimits: { maxOldGenerationSizeMb: limits.heapMb },
        });
        let settled = false;
        const settle = (result: PdfAnswer) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          void worker.terminate();
          resolve(result);
        };
        const timer = setTimeout(() => settle({ error: 'unreadable' }), limits.timeMs);
        worker.once('message', settle);
        // A worker past its memory limit or one that failed to start: the PDF gets no preview.
        worker.once('error', () => settle({ error: 'unreadable' }));
        worker.once('exit', () => settle({ error: 'unreadable' }));
      }),
  );
  return 'webp' in answer ? Buffer.from(answer.webp) : null;
}
