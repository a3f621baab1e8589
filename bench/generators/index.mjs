import { readdirSync } from 'node:fs';

/**
 * The generator steps, found in this folder (issue 10: adding a module's generator is adding its file, no list to
 * edit). A step is a file whose default export is `{ name, after?: string[], options?, run(ctx) }`: `run` writes
 * its module's rows through `ctx.session`, reads what earlier steps left in `ctx.state` (workspaces, user ids) and
 * returns row counts. Steps run after those they name in `after`, otherwise in file-name order; other files here
 * (word lists) export no step.
 */
const files = readdirSync(new URL('./', import.meta.url))
  .filter((file) => file.endsWith('.mjs') && file !== 'index.mjs')
  .sort();
const found = [];
for (const file of files) {
  const step = (await import(`./${file}`)).default;
  if (step && typeof step.run === 'function') found.push(step);
}

/** Dependencies first; a missing or circular dependency stops the generator with its name. */
function ordered(all) {
  const byName = new Map(all.map((step) => [step.name, step]));
  const done = new Set();
  const visiting = new Set();
  const result = [];
  const visit = (step) => {
    if (done.has(step.name)) return;
    if (visiting.has(step.name)) throw new Error(`Generator steps depend on each other in a circle at ${step.name}`);
    visiting.add(step.name);
    for (const dependency of step.after ?? []) {
      const before = byName.get(dependency);
      if (!before) throw new Error(`Generator step ${step.name} needs ${dependency}, which no file provides`);
      visit(before);
    }
    visiting.delete(step.name);
    done.add(step.name);
    result.push(step);
  };
  for (const step of all) visit(step);
  return result;
}

export const steps = ordered(found);
