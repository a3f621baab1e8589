// Writes brotli (.br) and gzip (.gz) copies beside every text file of the build, so the server sends compressed
// bytes without compressing per request (@fastify/static `preCompressed`, apps/server/src/app.ts registerWeb).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const TEXT = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest|xml)$/;
// Below this the headers of a compressed answer cost about what compression saves.
const MIN_BYTES = 512;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    // .vite/ holds the build manifest, which the server never sends.
    if (entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (TEXT.test(entry.name)) yield full;
  }
}

let raw = 0;
let brotli = 0;
for (const file of files(dist)) {
  if (statSync(file).size < MIN_BYTES) continue;
  const content = readFileSync(file);
  const br = brotliCompressSync(content, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  });
  const gz = gzipSync(content, { level: 9 });
  // A copy that is not smaller is not worth sending; the server then falls back to the plain file.
  if (br.length < content.length) writeFileSync(`${file}.br`, br);
  if (gz.length < content.length) writeFileSync(`${file}.gz`, gz);
  raw += content.length;
  brotli += Math.min(br.length, content.length);
}
console.log(
  `compressed the build: ${(raw / 1024).toFixed(0)} KiB of text, ${(brotli / 1024).toFixed(0)} KiB as brotli`,
);
