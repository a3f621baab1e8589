// Loaded into the Hallway server with `node --import` by bench/profile.mjs: counts and times every SQL statement
// (node-postgres and PGlite), and runs the V8 CPU profiler on demand. Its control server listens on
// 127.0.0.1:BENCH_TRACE_PORT: POST /reset, GET /stats, POST /profile/start, POST /profile/stop.
import http from 'node:http';
import { Session } from 'node:inspector/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

const stats = new Map();
let recent = [];

function record(text, ms) {
  const key = String(text ?? '?')
    .replace(/\s+/g, ' ')
    .trim();
  const entry = stats.get(key) ?? { count: 0, ms: 0 };
  entry.count += 1;
  entry.ms += ms;
  stats.set(key, entry);
  if (recent.length < 200) recent.push({ text: key, ms });
}

/** Times a call that either returns a promise or reports to a trailing callback (pg's Pool uses the latter). */
function timed(original, textOf) {
  return function (...args) {
    const text = textOf(args);
    if (text === null) return original.apply(this, args);
    const started = performance.now();
    const last = args.length - 1;
    if (typeof args[last] === 'function') {
      const callback = args[last];
      args[last] = (...result) => {
        record(text, performance.now() - started);
        return callback(...result);
      };
      return original.apply(this, args);
    }
    const result = original.apply(this, args);
    if (result && typeof result.then === 'function') {
      result.then(
        () => record(text, performance.now() - started),
        () => record(text, performance.now() - started),
      );
    }
    return result;
  };
}

// node-postgres: every statement, pooled or in a transaction, goes through Client#query.
pg.Client.prototype.query = timed(pg.Client.prototype.query, ([config]) => {
  if (typeof config === 'string') return config;
  if (config && typeof config.submit === 'function') return null;
  return config?.text ?? null;
});

// PGlite: query/exec, and transactions, whose BEGIN and COMMIT are internal (BEGIN includes the wait for the lock).
const textOf = ([text]) => (typeof text === 'string' ? text : null);
PGlite.prototype.query = timed(PGlite.prototype.query, textOf);
PGlite.prototype.exec = timed(PGlite.prototype.exec, textOf);
const transaction = PGlite.prototype.transaction;
PGlite.prototype.transaction = function (callback) {
  const called = performance.now();
  let ended = called;
  const result = transaction.call(this, async (tx) => {
    record('BEGIN (PGlite, with the wait for its lock)', performance.now() - called);
    const wrapped = {
      ...tx,
      query: timed(tx.query, textOf),
      exec: timed(tx.exec, textOf),
      get closed() {
        return tx.closed;
      },
    };
    try {
      return await callback(wrapped);
    } finally {
      ended = performance.now();
    }
  });
  const commit = () => record('COMMIT (PGlite)', performance.now() - ended);
  result.then(commit, commit);
  return result;
};

const session = new Session();
session.connect();

async function body(req) {
  let text = '';
  for await (const chunk of req) text += chunk;
  return text;
}

const routes = {
  'POST /reset': async () => {
    stats.clear();
    recent = [];
    return { ok: true };
  },
  'GET /stats': async () => ({
    statements: [...stats].map(([text, s]) => ({ text, ...s })).sort((a, b) => b.count - a.count),
    recent,
  }),
  'POST /profile/start': async () => {
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 200 });
    await session.post('Profiler.start');
    return { ok: true };
  },
  'POST /profile/stop': async () => {
    const { profile } = await session.post('Profiler.stop');
    return profile;
  },
};

const port = Number(process.env.BENCH_TRACE_PORT);
if (port) {
  const server = http.createServer(async (req, res) => {
    const route = routes[`${req.method} ${req.url}`];
    await body(req);
    if (!route) {
      res.writeHead(404).end();
      return;
    }
    const result = await route();
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(result));
  });
  server.listen(port, '127.0.0.1');
  server.unref();
}
