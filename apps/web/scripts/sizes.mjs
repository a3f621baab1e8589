// Prints the gzipped sizes of the build and fails when the JavaScript /login/ needs first is over its budget.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

// 165.9 KB after issue 11 (own texts module, one start-up chunk, dates with the shell): the budget keeps it there.
const BUDGET_BYTES = 175 * 1024;
const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

const gzipped = new Map();
const gz = (file) => {
  if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length);
  return gzipped.get(file);
};
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** A chunk and every chunk it imports statically: what the browser must have before it runs. */
function closure(key, into = new Set()) {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(imported, into);
  return into;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const findKey = (suffix) => {
  const key = Object.keys(manifest).find((k) => k.endsWith(suffix));
  if (!key) throw new Error(`${suffix} is not in the build manifest`);
  return key;
};

// /login/ runs the entry, then its lazy page, then one language: the largest of the three counts.
const initial = closure(entryKey);
closure(findKey('src/features/auth/LoginPage.tsx'), initial);
const languages = ['src/i18n/en.ts', 'src/i18n/ru.ts', 'src/i18n/uk.ts'].map((lang) => closure(findKey(lang)));
const heaviest = languages
  .map((files) => [...files].filter((file) => !initial.has(file)))
  .sort((a, b) => b.reduce((s, f) => s + gz(f), 0) - a.reduce((s, f) => s + gz(f), 0))[0];
for (const file of heaviest) initial.add(file);

const jsFiles = Object.values(manifest)
  .map((chunk) => chunk.file)
  .filter((file, index, all) => file.endsWith('.js') && all.indexOf(file) === index)
  .sort((a, b) => gz(b) - gz(a));

console.log('\nJavaScript chunks (gzip):');
for (const file of jsFiles) {
  console.log(`  ${initial.has(file) ? '*' : ' '} ${kb(gz(file)).padStart(9)}  ${file}`);
}
const cssFiles = [...new Set(Object.values(manifest).flatMap((chunk) => chunk.css ?? []))];
for (const file of cssFiles) console.log(`    ${kb(gz(file)).padStart(9)}  ${file}`);

const total = [...initial].filter((file) => file.endsWith('.js')).reduce((sum, file) => sum + gz(file), 0);
console.log(`\nInitial JavaScript of /login/ (* above): ${kb(total)} gzipped, budget ${kb(BUDGET_BYTES)}`);
if (total > BUDGET_BYTES) {
  console.error('The initial JavaScript of /login/ is over budget.');
  process.exit(1);
}
