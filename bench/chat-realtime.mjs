#!/usr/bin/env node
// The realtime figures of issues 32 and 36: how long a chat message (or a company post) takes from the sender's POST
// to every open socket that should get it, and what an open socket costs the server.
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node bench/chat-realtime.mjs --sockets 1000 --room 1000
//   … --sockets 1000 --room 1000 --processes 2          (two servers behind Redis, half of the sockets on each)
//   … --sockets 10000 --room 2                          (10,000 people connected, a conversation of two)
//   … --event post --sockets 10000 --messages 50        (issue 36: company posts to all 10,000 sockets)
// A fresh database is created, seeded by SQL (one workspace, `--sockets` people, a group room of the first `--room`
// of them), the built server is started (`--processes` of them on ports `--port-base`…, with REDIS_URL when two),
// every person connects one socket (socket.io-client, websocket transport) from `--workers` worker threads, is
// identified, and the room's members subscribe to it (`chat.subscribe`). Then the room's first member sends
// `--messages` messages through `POST /api/chat/msg` on the first server, each once the previous one reached every
// subscribed socket (its own included). A message carries its send time (taken before the POST); each socket notes
// the delay to its `chat.msg`. The server's RSS is read from /proc before and after the sockets connect.
// `--event post` (issue 36): no room; the first person is the workspace's administrator and publishes `--messages`
// company posts through `POST /api/post`, each once the previous one reached every socket of the workspace (a
// company post goes to the whole workspace, no subscription needed) or after `--timeout` seconds, when the sockets it
// has not reached yet count as misses; each socket notes the delay to its `post.created`.
// During the sending the script also reads the CPU time of the servers (/proc/<pid>/stat) and of its own process
// (every client worker thread included), the machine's busy share (/proc/stat) and each client worker's event-loop
// utilisation: which side of the machine sets the tail.
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

/**
 * What is sent and what each socket waits for: the realtime event, the request that causes it, and where the event
 * carries the marker `bench <n> <send time>` the request put in.
 */
const EVENTS = {
  chat: {
    event: 'chat.msg',
    path: '/api/chat/msg',
    body: (marker, n, roomId) => ({ roomId, msg: marker, local_id: `bench-${n}` }),
    marker: (payload) => payload?.msg?.content,
  },
  post: {
    event: 'post.created',
    path: '/api/post',
    body: (marker) => ({ text: marker }),
    marker: (payload) => payload?.text,
  },
};

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
    /** `chat`: messages to a room's subscribed members (issue 32); `post`: company posts to everyone (issue 36). */
    event: z.enum(['chat', 'post']).default('chat'),
    sockets: count(2, 50_000).default(1000),
    room: count(2, 50_000).default(1000),
    messages: count(1, 10_000).default(200),
    warmup: count(0, 1000).default(10),
    processes: count(1, 2).default(1),
    workers: count(1, 32).default(4),
    /**
     * Nice value of the client worker threads (Linux: per thread), so that on a small machine the server's single
     * thread wins the CPU from its own clients (not from anything else running there).
     */
    clientNice: count(0, 19).default(0),
    /** Handshakes in flight per worker while connecting. */
    connecting: count(1, 1000).default(25),
    poolSize: count(1, 500).default(20),
    portBase: count(1024, 65_000).default(4710),
    databaseName: z
      .string()
      .regex(/^[a-z_][a-z0-9_]*$/)
      .default('hallway_bench_chat_rt'),
    redisUrl: z.string().default('redis://127.0.0.1:6379'),
    /**
     * Seconds a message may take to reach every socket: a chat run is then called failed; a post run counts the
     * sockets not reached yet as misses and sends the next post.
     */
    timeout: count(1, 3600).default(60),
    /** A directory: each server runs with `--cpu-prof` and writes its CPU profile there when it stops. */
    profileDir: z.string().optional(),
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
  const posts = options.event === 'post';
  if (!posts && options.room > options.sockets) throw new Error('--room cannot be larger than --sockets');
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('Set BENCH_DATABASE_URL (PostgreSQL): two processes need a shared database');
  const { withServerSnapshot } = await import('./lib/harness.mjs');
  // Others rebuild apps/server/dist in this tree: a run of minutes uses a copy taken at its start.
  await withServerSnapshot(() => run(options, adminUrl));
}

async function run(options, adminUrl) {
  const { dropPostgresDatabase, freshPostgresDatabase, migrateTarget, postgresTarget, serverModule } = await import(
    './lib/db.mjs'
  );
  const { HALLWAY_ENV, SERVERS } = await import('./lib/harness.mjs');
  const { startProcess } = await import('./lib/processes.mjs');
  const pg = (await import('pg')).default;
  const log = (line) => console.error(line);
  const posts = options.event === 'post';
  const kind = EVENTS[options.event];
  /** Sockets that get every message: the room's members, or everyone for company posts. */
  const receivers = posts ? options.sockets : options.room;

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

    // —— Data: one workspace, its people, one group room (chat) or an administrator (company posts) ——
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
        `INSERT INTO users (id, client_id, login, email, rights, roles, first_name, last_name)
         SELECT p.id, $1, 'p' || p.n || '@chatrt.example', 'p' || p.n || '@chatrt.example', $2::jsonb,
                CASE WHEN $4 AND p.n = 1 THEN '{admin}'::text[] ELSE '{}'::text[] END, 'Person', 'No ' || p.n
         FROM unnest($3::uuid[]) WITH ORDINALITY AS p(id, n)`,
        [clientId, JSON.stringify(DEFAULT_RIGHTS), people, posts],
      );
      if (!posts) {
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
      }
      await db.query('VACUUM (ANALYZE)');
    } finally {
      await db.end();
    }
    log(
      `Seeded ${options.sockets} people${posts ? ', the first an administrator,' : ` and a room of ${options.room}`} in ${secondsSince(started)} s`,
    );

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
        script: SERVERS.hallway.script,
        nodeArgs: options.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(options.profileDir)}`] : [],
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
        /** Waits for the event (and its delay is noted). */
        listen: i < receivers,
        subscribe: !posts && i < options.room,
      });
    });
    const got = new Map();
    const expected = slices.map((s) => s.filter((x) => x.listen).length);
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
          event: options.event,
          nice: options.clientNice,
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
    log(
      `${options.sockets} sockets connected and identified (${posts ? 'all waiting for company posts' : `${options.room} subscribed`}) in ${connectSeconds} s`,
    );
    const rssAfter = await rss();

    // —— Messages: each sent once the previous one reached every receiving socket ——
    const sender = slices[0][0];
    const post = [];
    const total = options.warmup + options.messages;
    let lateMessages = 0;
    for (const worker of workers) worker.postMessage({ type: 'start' });
    const cpuBefore = {
      servers: await Promise.all(servers.map((s) => processCpuMs(s.pid))),
      bench: process.cpuUsage(),
      machine: await machineTicks(),
    };
    started = performance.now();
    for (let n = 0; n < total; n++) {
      const waiting = new Set(expected.flatMap((e, i) => (e ? [i] : [])));
      const delivered = new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          got.delete(n);
          const line = `${options.event} ${n} had not reached every socket after ${options.timeout} s (${waiting.size} of ${workers.length} client workers still waiting)`;
          if (!posts) return reject(new Error(line));
          log(line);
          lateMessages++;
          resolve();
        }, options.timeout * 1000);
        got.set(n, (worker) => {
          waiting.delete(worker);
          if (waiting.size) return;
          clearTimeout(timer);
          got.delete(n);
          resolve();
        });
      });
      const sent = now();
      const res = await fetch(`${servers[0].url}${kind.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${sender.token}` },
        body: JSON.stringify(kind.body(`bench ${n} ${sent}`, n, roomId)),
      });
      const answered = now() - sent;
      if (!res.ok) throw new Error(`POST ${kind.path} answered ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
      if (n >= options.warmup) post.push(answered);
      await delivered;
    }
    const sendMs = performance.now() - started;
    const sendSeconds = (sendMs / 1000).toFixed(1);
    const cpuAfter = {
      servers: await Promise.all(servers.map((s) => processCpuMs(s.pid))),
      bench: process.cpuUsage(),
      machine: await machineTicks(),
    };

    // —— Collect ——
    const latencies = [];
    const byServer = servers.map(() => []);
    /** Per message: the delay of its first and of its last socket. */
    const first = new Float64Array(total).fill(Number.POSITIVE_INFINITY);
    const last = new Float64Array(total);
    const utilisation = [];
    let dropped = 0;
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise((resolve) => {
            worker.on('message', (m) => {
              if (m.type !== 'latencies') return;
              utilisation.push(m.elu);
              dropped += m.dropped;
              const pairs = new Float64Array(m.pairs);
              for (let i = 0; i < pairs.length; i += 3) {
                const [n, server, delay] = [pairs[i], pairs[i + 1], pairs[i + 2]];
                if (n < options.warmup || n >= total) continue;
                latencies.push(delay);
                byServer[server].push(delay);
                first[n] = Math.min(first[n], delay);
                last[n] = Math.max(last[n], delay);
              }
              resolve();
            });
            worker.postMessage({ type: 'report' });
          }),
      ),
    );
    const deliveries = latencies.length;
    const missed = options.messages * receivers - deliveries;
    if (!posts && missed !== 0) {
      throw new Error(`${deliveries} deliveries noted, ${options.messages * receivers} expected`);
    }
    const mb = (list) => list.map((v) => v.toFixed(0)).join(' + ');
    const perSocketKb = (rssAfter.reduce((a, b) => a + b, 0) - rssBefore.reduce((a, b) => a + b, 0)) * 1024;
    const measured = (list) => Array.from(list).slice(options.warmup);
    const cpuPercent = (ms) => (100 * ms) / sendMs;
    const machineBusy =
      1 - (cpuAfter.machine.idle - cpuBefore.machine.idle) / (cpuAfter.machine.total - cpuBefore.machine.total);
    const benchUserMs = (cpuAfter.bench.user - cpuBefore.bench.user) / 1000;
    const benchSystemMs = (cpuAfter.bench.system - cpuBefore.bench.system) / 1000;
    const serverMs = cpuAfter.servers.map(({ user, system }, i) => ({
      user: user - cpuBefore.servers[i].user,
      system: system - cpuBefore.servers[i].system,
    }));
    const row = {
      event: options.event,
      processes: options.processes,
      sockets: options.sockets,
      receivers,
      messages: options.messages,
      deliveries,
      missed,
      lateMessages,
      dropped,
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
      firstP50: percentile(measured(first), 0.5),
      lastP50: percentile(measured(last), 0.5),
      lastMax: percentile(measured(last), 1),
      // Over every message sent (warm-up included), as % of one core; the machine has os.cpus().length of them.
      serverCpu: serverMs.map((ms) => cpuPercent(ms.user + ms.system)),
      serverSystemCpu: serverMs.map((ms) => cpuPercent(ms.system)),
      serverCpuMsPerMessage: serverMs.map((ms) => (ms.user + ms.system) / total),
      benchCpu: cpuPercent(benchUserMs + benchSystemMs),
      benchSystemCpu: cpuPercent(benchSystemMs),
      machineBusy: 100 * machineBusy,
      workerElu: utilisation.map((u) => 100 * u),
      load: os.loadavg()[0],
    };
    log(JSON.stringify(row));
    console.log(
      '| event | processes | sockets | receivers | messages | deliveries | missed | delivery p50 ms | p99 ms | max ms | POST p50 ms | POST p99 ms | server RSS before → after MB | per socket KB | connecting s |',
    );
    console.log(
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: |',
    );
    console.log(
      `| ${row.event} | ${row.processes} | ${row.sockets} | ${row.receivers} | ${row.messages} | ${row.deliveries} | ${row.missed} | ${row.p50.toFixed(1)} | ${row.p99.toFixed(1)} | ${row.max.toFixed(1)} | ${row.postP50.toFixed(1)} | ${row.postP99.toFixed(1)} | ${row.rssBefore} → ${row.rssAfter} | ${row.perSocketKb.toFixed(1)} | ${row.connectSeconds} |`,
    );
    if (servers.length > 1) log(`Delivery p50 / p99 ms by the socket's server: ${row.byServer.join(', ')}`);
    log(
      `Per message: first socket p50 ${row.firstP50.toFixed(1)} ms, last socket p50 ${row.lastP50.toFixed(1)} ms (max ${row.lastMax.toFixed(1)} ms); ${row.lateMessages} past --timeout, ${row.dropped} sockets dropped`,
    );
    log(
      `CPU while sending (% of one core, ${os.cpus().length} cores): server ${row.serverCpu.map((c, i) => `${c.toFixed(0)} (${row.serverSystemCpu[i].toFixed(0)} in the kernel; ${row.serverCpuMsPerMessage[i].toFixed(0)} ms a message)`).join(' + ')}, this script ${row.benchCpu.toFixed(0)} (${row.benchSystemCpu.toFixed(0)} in the kernel); client workers' event loops busy ${row.workerElu.map((u) => u.toFixed(0)).join(' / ')} %; machine busy ${row.machineBusy.toFixed(0)} %`,
    );
    log(`Load average (1 min) at the end: ${row.load.toFixed(1)}; sending took ${row.sendSeconds} s`);
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
    for (const server of servers) await server.stop();
    if (dbCreated) await dropPostgresDatabase(adminUrl, options.databaseName);
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * A worker thread holding its share of the sockets: connects them, notes the delay of every `chat.msg` (or
 * `post.created`) its listening sockets get, and tells the main thread when a message reached all of them.
 */
async function client({ urls, clientId, roomId, sockets, connecting, event, nice }) {
  // Process id 0: on Linux this sets the calling thread's nice value only.
  if (nice) os.setPriority(0, nice);
  const { io } = await import('socket.io-client');
  const kind = EVENTS[event];
  const listening = sockets.filter((s) => s.listen).length;
  /** Listening sockets still open: one closed by the server no longer counts for "reached all". */
  let live = listening;
  let dropped = 0;
  let closing = false;
  let loopBefore = null;
  const counts = new Map();
  const pairs = [];
  const open = [];
  const reached = (index) => {
    if ((counts.get(index) ?? 0) < live) return;
    counts.delete(index);
    parentPort.postMessage({ type: 'got', n: index });
  };
  const onMsg = (server, payload) => {
    const arrived = now();
    const [, n, sent] = String(kind.marker(payload) ?? '').split(' ');
    const index = Number(n);
    pairs.push(index, server, arrived - Number(sent));
    counts.set(index, (counts.get(index) ?? 0) + 1);
    reached(index);
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
    if (s.listen) {
      socket.on(kind.event, (payload) => onMsg(s.server, payload));
      socket.on('disconnect', () => {
        if (closing) return;
        dropped++;
        live--;
        for (const index of [...counts.keys()]) reached(index);
      });
    }
    if (s.subscribe) {
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
    if (m.type === 'start') loopBefore = performance.eventLoopUtilization();
    if (m.type !== 'report') return;
    // How busy this thread's event loop was while the messages were sent (1: it never waited for the network).
    const elu = loopBefore ? performance.eventLoopUtilization(loopBefore).utilization : Number.NaN;
    const out = new Float64Array(pairs);
    parentPort.postMessage({ type: 'latencies', pairs: out.buffer, elu, dropped }, [out.buffer]);
    closing = true;
    for (const socket of open) socket.disconnect();
    parentPort.close();
  });
  parentPort.postMessage({ type: 'ready', sockets: sockets.length, listening });
}

/** User and kernel CPU time of a process so far, in ms (/proc/<pid>/stat, in USER_HZ ticks of 10 ms). */
async function processCpuMs(pid) {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // The command name may hold spaces; the fields after its closing parenthesis are fixed.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { user: Number(fields[11]) * 10, system: Number(fields[12]) * 10 };
}

/** The machine's CPU time so far, in ticks: all of it and the idle part (idle + iowait), from /proc/stat. */
async function machineTicks() {
  const [cpu] = (await readFile('/proc/stat', 'utf8')).split('\n');
  const ticks = cpu.trim().split(/\s+/).slice(1).map(Number);
  return { total: ticks.reduce((a, b) => a + b, 0), idle: ticks[3] + ticks[4] };
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
