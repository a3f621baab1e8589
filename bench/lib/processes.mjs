import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/** Only what Node needs: the server reads nothing else from a developer's shell (DATABASE_URL, REDIS_URL, S3…). */
function baseEnv() {
  const keep = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ'];
  return Object.fromEntries(keep.filter((k) => process.env[k] !== undefined).map((k) => [k, process.env[k]]));
}

const TAIL = 16_384;
/** Linux's USER_HZ: /proc reports CPU times in 1/100 s on every mainstream architecture. */
const TICKS_PER_SECOND = 100;

/** User + system CPU time of a process so far, in ms, or null where /proc is not there. */
export function cpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces; the fields after its closing parenthesis are fixed.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/**
 * Starts `node script` on 127.0.0.1:`port` and waits until `readyPath` answers 200. The process keeps the tail of
 * its output, shown when it fails to start or dies during a measurement.
 */
export async function startProcess({ name, script, nodeArgs = [], env, port, readyPath, timeoutMs = 180_000 }) {
  const child = spawn(process.execPath, [...nodeArgs, script], {
    env: { ...baseEnv(), ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk.toString()).slice(-TAIL);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  let exit = null;
  exited.then((e) => {
    exit = e;
  });

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exit) throw new Error(`${name} exited (${exit.code ?? exit.signal}) while starting:\n${output}`);
    try {
      const res = await fetch(url + readyPath, { signal: AbortSignal.timeout(2000) });
      if (res.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${name} did not answer ${readyPath} within ${timeoutMs / 1000} s:\n${output}`);
    }
    await sleep(200);
  }

  return {
    name,
    url,
    pid: child.pid,
    output: () => output,
    alive: () => !exit,
    cpuMs: () => cpuMs(child.pid),
    /** SIGTERM, so an embedded database is closed cleanly before the next process opens it; SIGKILL after 30 s. */
    async stop() {
      if (exit) return exit;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      const result = await exited;
      clearTimeout(timer);
      return result;
    },
  };
}
