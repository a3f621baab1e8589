import path from 'node:path';

/** Which part of the stack a frame belongs to: an npm package, a folder of the built server, or Node itself. */
export function areaOf(frame, root) {
  const url = frame.url ?? '';
  if (!url) return frame.functionName.startsWith('(') ? frame.functionName : '(native)';
  if (url.startsWith('node:')) return 'node internals';
  // PGlite is the only WebAssembly the server runs: its PostgreSQL engine.
  if (url.startsWith('wasm://')) return 'WebAssembly (PGlite engine)';
  const file = url.startsWith('file://') ? new URL(url).pathname : url;
  const modules = file.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const parts = file.slice(modules + '/node_modules/'.length).split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  const dist = path.join(root, 'apps/server/dist/');
  if (file.startsWith(dist)) {
    const parts = file.slice(dist.length).split('/');
    return `hallway ${parts.length > 2 ? parts.slice(0, 2).join('/') : parts[0]}`;
  }
  if (file.startsWith(root)) return path.relative(root, file);
  return file;
}

/**
 * Self time of a V8 CPU profile, by area and by function: where the process spent its samples (idle excluded from
 * the shares, so they add up to the busy time).
 */
export function summarise(profile, root, top = 20) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i];
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  const byArea = new Map();
  const byFunction = new Map();
  let busy = 0;
  let idle = 0;
  for (const [id, micros] of self) {
    const frame = nodes.get(id).callFrame;
    if (frame.functionName === '(idle)') {
      idle += micros;
      continue;
    }
    busy += micros;
    const area = areaOf(frame, root);
    byArea.set(area, (byArea.get(area) ?? 0) + micros);
    const where = frame.url ? `${path.basename(frame.url)}:${frame.lineNumber + 1}` : '';
    const key = `${frame.functionName || '(anonymous)'} ${where} [${area}]`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + micros);
  }
  const rank = (map) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, micros]) => ({ name, ms: micros / 1000, share: busy ? micros / busy : 0 }));
  return { busyMs: busy / 1000, idleMs: idle / 1000, areas: rank(byArea), functions: rank(byFunction) };
}
