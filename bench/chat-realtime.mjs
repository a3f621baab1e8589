#!/usr/bin/env node
// The chat's realtime figures of issue 32: how long a message takes from the sender's POST to every open socket of
// its room, and what an open socket costs the server.
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node bench/chat-realtime.mjs --sockets 1000 --room 1000
//   … --sockets 1000 --room 1000 --processes 2          (two servers behind Redis, half of the sockets on each)
//   … --sockets 10000 --room 2                          (10,000 people connected, a conversation of two)
// A fresh database is created, seeded by SQL (one workspace, `--sockets` people, a group room of the first `--room`
// of them), the built server is started (`--processes` of them on ports `--port-base`…, with REDIS_URL when two),
// every person connects one socket (socket.io-client, websocket transport) from `--workers` worker threads, is
// identified, and the room's members subscribe to it (`chat.subscribe`). Then the room's first member sends
// `--messages` messages through `POST /api/chat/msg` on the first server, each once the previous one reached every
// subscribed socket (its own included). A message carries its send time (taken before the POST); each socket notes
// the delay to its `chat.msg`. The server's RSS is read from /proc before and after the sockets connect.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { DEFAULT_RIGHTS, FEATURES } from '@hallway/shared';
import { v7 as uuid } from 'uuid';
import { z } from 'zod';

const now = () => performance.timeOrigin + performance.now();

if (isMainThread) {
  await main().catch((err) => {
    console.error(err?.stack ?? err);
    process.exit(1);
  });
} else {
  await client(workerData);
}

async function main() {
  const { count, readOptions, UsageError } = await import('./lib/args.mjs');
  const schema = z.object({
    sockets: count(2, 50_000).default(1000),
    room: count(2, 50_000).default(1000),
    messages: count(1, 10_000).default(200),
    warmup: count(0, 1000).default(10),
    processes: count(1, 2).default(1),
    workers: count(1, 32).default(4),
    /** Handshakes in flight per worker while connecting. */
    connecting: count(1, 1000).default(25),
    poolSize: count(1, 500).default(20),
    portBase: count(1024, 65_000).default(4710),
    databaseName: z
      .string()
      .regex(/^[a-z_][a-z0-9_]*$/)
      .default('hallway_bench_chat_rt'),
    redisUrl: z.string().default('redis://127.0.0.1:6379'),
    /** Seconds a message may take to reach every socket before the run is called failed. */
    timeout: count(1, 3600).default(60),
  });
  let options;
  try {
    const read = readOptions(schema);
    if (read.help) {
      console.log(`Usage: node bench/chat-realtime.mjs [options]   (each flag also reads BENCH_<FLAG>)\n${read.help}`);
      return;
    }
    options = read.options;
  } catch (err) {
    if (err instanceof UsageError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  if (options.room > options.sockets) throw new Error('--room cannot be larger than --sockets');
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('Set BENCH_DATABASE_URL (PostgreSQL): two processes need a shared database');

  const { dropPostgresDatabase, freshPostgresDatabase, migrateTarget, postgresTarget, serverModule } = await import(
    './lib/db.mjs'
  );
  const { HALLWAY_ENV, ROOT } = await import('./lib/harness.mjs');
  const { startProcess } = await import('./lib/processes.mjs');
  const pg = (await import('pg')).default;
  const log = (line) => console.error(line);

  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'hallway-chat-rt-'));
  const servers = [];
  const workers = [];
  let dbCreated = false;
  try {
    const url = await freshPostgresDatabase(adminUrl, options.databaseName);
    dbCreated = true;
    let started = performance.now();
    await migrateTarget(postgresTarget(url, dataDir));
    log(`Migrated ${options.databaseName} in ${secondsSince(started)} s`);

    // —— Data: one workspace, its people, one group room ——
    started = performance.now();
    const workspace = `chatrt${process.pid}`;
    const clientId = uuid();
    const people = Array.from({ length: options.sockets }, () => uuid());
    const roomId = uuid();
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    try {
      await db.query(`SET app.system = 'on'`);
      await db.query('SET synchronous_commit = off');
      await db.query(
        `INSERT INTO clients (id, workspace, name, status, features, settings)
         VALUES ($1, $2, 'Chat bench', 'active', $3::jsonb, $4::jsonb)`,
        [
          clientId,
          workspace,
          JSON.stringify(FEATURES.map((code) => ({ code, active: true }))),
          JSON.stringify({ defaultRights: DEFAULT_RIGHTS }),
        ],
      );
      await db.query(
        `INSERT INTO users (id, client_id, login, email, rights, first_name, last_name)
         SELECT p.id, $1, 'p' || p.n || '@chatrt.example', 'p' || p.n || '@chatrt.example', $2::jsonb, 'Person', 'No ' || p.n
         FROM unnest($3::uuid[]) WITH ORDINALITY AS p(id, n)`,
        [clientId, JSON.stringify(DEFAULT_RIGHTS), people],
      );
      await db.query(
        `INSERT INTO chat_rooms (id, client_id, type, name, created_by) VALUES ($1, $2, 'group', 'Bench room', $3)`,
        [roomId, clientId, people[0]],
      );
      await db.query(
        `INSERT INTO chat_members (client_id, room_id, user_id, role)
         SELECT $1, $2, p.id, CASE WHEN p.n = 1 THEN 'admin' ELSE 'member' END
         FROM unnest($3::uuid[]) WITH ORDINALITY AS p(id, n)`,
        [clientId, roomId, people.slice(0, options.room)],
      );
      await db.query('VACUUM (ANALYZE)');
    } finally {
      await db.end();
    }
    log(`Seeded ${options.sockets} people and a room of ${options.room} in ${secondsSince(started)} s`);

    // —— Servers: the built server, with a JWT secret we also sign the people's tokens with ——
    const secret = randomBytes(36).toString('base64url');
    const { createTokens } = await serverModule('platform/auth/tokens.js');
    const tokens = createTokens(secret, '1d');
    const env = {
      ...HALLWAY_ENV,
      DATA_DIR: dataDir,
      DATABASE_URL: url,
      DATABASE_POOL_SIZE: String(options.poolSize),
      JWT_SECRET: secret,
      ...(options.processes > 1 ? { REDIS_URL: options.redisUrl } : {}),
    };
    for (let i = 0; i < options.processes; i++) {
      started = performance.now();
      const server = await startProcess({
        name: `hallway-${i + 1}`,
        script: path.join(ROOT, 'apps/server/dist/main.js'),
        env,
        port: options.portBase + i,
        readyPath: '/api/env',
      });
      servers.push(server);
      log(`Started hallway-${i + 1} on :${options.portBase + i} in ${secondsSince(started)} s`);
    }
    const rss = async () => Promise.all(servers.map((s) => rssMb(s.pid)));
    const rssBefore = await rss();

    // —— Clients: every person one socket, spread over the servers and the worker threads ——
    const slices = Array.from({ length: options.workers }, () => []);
    people.forEach((id, i) => {
      slices[i % options.workers].push({
        userId: id,
        token: tokens.sign({ id, clientId, tokenVersion: 0 }),
        server: i % servers.length,
        subscribe: i < options.room,
      });
    });
    const got = new Map();
    const expected = slices.map((s) => s.filter((x) => x.subscribe).length);
    started = performance.now();
    const ready = [];
    for (const [index, sockets] of slices.entries()) {
      const worker = new Worker(fileURLToPath(import.meta.url), {
        workerData: {
          urls: servers.map((s) => `${s.url}/${workspace}`),
          clientId,
          roomId,
          sockets,
          connecting: options.connecting,
        },
      });
      workers.push(worker);
      ready.push(
        new Promise((resolve, reject) => {
          worker.on('error', reject);
          worker.on('exit', (code) => code && reject(new Error(`client worker ${index} exited with ${code}`)));
          worker.on('message', (m) => {
            if (m.type === 'ready') resolve(m);
            else if (m.type === 'failed') reject(new Error(`client worker ${index}: ${m.message}`));
            else if (m.type === 'got') got.get(m.n)?.(index);
          });
        }),
      );
    }
    await Promise.all(ready);
    const connectSeconds = secondsSince(started);
    log(`${options.sockets} sockets connected and identified (${options.room} subscribed) in ${connectSeconds} s`);
    const rssAfter = await rss();

    // —— Messages: each sent once the previous one reached every subscribed socket ——
    const sender = slices[0][0];
    const post = [];
    const total = options.warmup + options.messages;
    started = performance.now();
    for (let n = 0; n < total; n++) {
      const waiting = new Set(expected.flatMap((e, i) => (e ? [i] : [])));
      const delivered = new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`message ${n} reached only some sockets in ${options.timeout} s`)),
          options.timeout * 1000,
        );
        got.set(n, (worker) => {
          waiting.delete(worker);
          if (waiting.size) return;
          clearTimeout(timer);
          got.delete(n);
          resolve();
        });
      });
      const sent = now();
      const res = await fetch(`${servers[0].url}/api/chat/msg`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${sender.token}` },
        body: JSON.stringify({ roomId, msg: `bench ${n} ${sent}`, local_id: `bench-${n}` }),
      });
      const answered = now() - sent;
      if (!res.ok) throw new Error(`POST /api/chat/msg answered ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
      if (n >= options.warmup) post.push(answered);
      await delivered;
    }
    const sendSeconds = secondsSince(started);

    // —— Collect ——
    const latencies = [];
    const byServer = servers.map(() => []);
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise((resolve) => {
            worker.on('message', (m) => {
              if (m.type !== 'latencies') return;
              const pairs = new Float64Array(m.pairs);
              for (let i = 0; i < pairs.length; i += 3) {
                if (pairs[i] < options.warmup) continue;
                latencies.push(pairs[i + 2]);
                byServer[pairs[i + 1]].push(pairs[i + 2]);
              }
              resolve();
            });
            worker.postMessage({ type: 'report' });
          }),
      ),
    );
    const deliveries = latencies.length;
    if (deliveries !== options.messages * options.room) {
      throw new Error(`${deliveries} deliveries noted, ${options.messages * options.room} expected`);
    }
    const mb = (list) => list.map((v) => v.toFixed(0)).join(' + ');
    const perSocketKb = (rssAfter.reduce((a, b) => a + b, 0) - rssBefore.reduce((a, b) => a + b, 0)) * 1024;
    const row = {
      processes: options.processes,
      sockets: options.sockets,
      room: options.room,
      messages: options.messages,
      deliveries,
      p50: percentile(latencies, 0.5),
      p99: percentile(latencies, 0.99),
      max: percentile(latencies, 1),
      postP50: percentile(post, 0.5),
      postP99: percentile(post, 0.99),
      byServer: byServer.map((l) => `${percentile(l, 0.5).toFixed(1)} / ${percentile(l, 0.99).toFixed(1)}`),
      rssBefore: mb(rssBefore),
      rssAfter: mb(rssAfter),
      perSocketKb: perSocketKb / options.sockets,
      connectSeconds,
      sendSeconds,
      load: os.loadavg()[0],
    };
    log(JSON.stringify(row));
    console.log(
      '| processes | sockets | room members | messages | deliveries | delivery p50 ms | p99 ms | max ms | POST p50 ms | POST p99 ms | server RSS before → after MB | per socket KB | connecting s |',
    );
    console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: |');
    console.log(
      `| ${row.processes} | ${row.sockets} | ${row.room} | ${row.messages} | ${row.deliveries} | ${row.p50.toFixed(1)} | ${row.p99.toFixed(1)} | ${row.max.toFixed(1)} | ${row.postP50.toFixed(1)} | ${row.postP99.toFixed(1)} | ${row.rssBefore} → ${row.rssAfter} | ${row.perSocketKb.toFixed(1)} | ${row.connectSeconds} |`,
    );
    if (servers.length > 1) log(`Delivery p50 / p99 ms by the socket's server: ${row.byServer.join(', ')}`);
    log(`Load average (1 min) at the end: ${row.load.toFixed(1)}; sending took ${row.sendSeconds} s`);
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
    for (const server of servers) await server.stop();
    if (dbCreated) await dropPostgresDatabase(adminUrl, options.databaseName);
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** A worker thread holding its share of the sockets: connects them, notes every `chat.msg`'s delay. */
async function client({ urls, clientId, roomId, sockets, connecting }) {
  const { io } = await import('socket.io-client');
  const subscribed = sockets.filter((s) => s.subscribe).length;
  const counts = new Map();
  const pairs = [];
  const open = [];
  const onMsg = (server, payload) => {
    const arrived = now();
    const [, n, sent] = String(payload?.msg?.content ?? '').split(' ');
    const index = Number(n);
    pairs.push(index, server, arrived - Number(sent));
    const c = (counts.get(index) ?? 0) + 1;
    counts.set(index, c);
    if (c === subscribed) {
      counts.delete(index);
      parentPort.postMessage({ type: 'got', n: index });
    }
  };
  const connect = async (s) => {
    const socket = io(urls[s.server], {
      transports: ['websocket'],
      auth: { token: s.token },
      reconnection: false,
      forceNew: true,
      timeout: 120_000,
    });
    open.push(socket);
    await new Promise((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    const identified = await socket
      .timeout(120_000)
      .emitWithAck('identify', { client_id: clientId, user_id: s.userId });
    if (identified !== true) throw new Error(`identify of ${s.userId} answered ${JSON.stringify(identified)}`);
    if (s.subscribe) {
      socket.on('chat.msg', (payload) => onMsg(s.server, payload));
      const answer = await socket.timeout(120_000).emitWithAck('chat.subscribe', { room_id: roomId });
      if (answer?.result !== true) throw new Error(`chat.subscribe answered ${JSON.stringify(answer)}`);
    }
  };
  try {
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(connecting, sockets.length) }, async () => {
        while (next < sockets.length) await connect(sockets[next++]);
      }),
    );
  } catch (err) {
    parentPort.postMessage({ type: 'failed', message: String(err?.message ?? err) });
    return;
  }
  parentPort.on('message', (m) => {
    if (m.type !== 'report') return;
    const out = new Float64Array(pairs);
    parentPort.postMessage({ type: 'latencies', pairs: out.buffer }, [out.buffer]);
    for (const socket of open) socket.disconnect();
    parentPort.close();
  });
  parentPort.postMessage({ type: 'ready', sockets: sockets.length, subscribed });
}

async function rssMb(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]);
  return kb / 1024;
}

function percentile(values, p) {
  if (!values.length) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
}

function secondsSince(since) {
  return ((performance.now() - since) / 1000).toFixed(1);
}
