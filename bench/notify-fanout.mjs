#!/usr/bin/env node
// The fan-out figure of issue 13: a must-read post in a workspace of N people (default 10,000). Reports how long the
// API took to answer, and how long until every centre entry existed (the pg-boss job's batches).
// Usage: node --import tsx bench/notify-fanout.mjs [people] [slack]   (BENCH_DATABASE_URL or DATABASE_URL: PostgreSQL;
// otherwise the embedded database in a temporary directory). With `slack` everyone also gets the post on Slack
// (the workspace's webhook: a local HTTP server), and the time until every Slack delivery was posted is reported.
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_RIGHTS, FEATURES } from '@hallway/shared';
import pg from 'pg';
import { pino } from 'pino';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { delivery } from '../apps/server/src/modules/notifications/deliver.ts';
import { channelEvents } from '../apps/server/src/modules/notifications/messengers.ts';
import { principalQuery } from '../apps/server/src/modules/users/principal.ts';
import { createPlatform } from '../apps/server/src/platform/create.ts';

const people = Number(process.argv[2] ?? 10_000);
const slack = process.argv[3] === 'slack';
let posted = 0;
const hook = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    posted++;
    res.end('ok');
  });
});
if (slack) {
  hook.listen(0, '127.0.0.1');
  await once(hook, 'listening');
}
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
const name = `hallway_fanout_${process.pid}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'hallway-fanout-'));
let url;
if (adminUrl) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  await c.query(`CREATE DATABASE ${name}`);
  await c.end();
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  url = u.toString();
}
const log = pino({ level: 'warn' });
const config = loadConfig({
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  DATABASE_URL: url ?? '',
  DEMO: '0',
  JOBS: '1',
  OUTBOUND_ALLOW_HOSTS: '127.0.0.1',
  LOG_LEVEL: 'warn',
  SUPERADMIN_PASSWORD: 'fanout-superadmin',
});
const platform = await createPlatform(config, log, { principal: principalQuery });
const app = await buildApp(platform, { logger: false });
await app.ready();
try {
  const db = platform.database;
  const { rows } = await db.query(
    `INSERT INTO clients (id, workspace, name, features, settings) VALUES (gen_random_uuid(), 'fanout', 'Fan-out', $1::jsonb, $2::jsonb) RETURNING id`,
    [
      JSON.stringify(FEATURES.map((code) => ({ code, active: true }))),
      JSON.stringify({ defaultRights: DEFAULT_RIGHTS }),
    ],
  );
  const clientId = rows[0].id;
  await db.query(
    `INSERT INTO users (id, client_id, login, email, rights, roles, first_name, last_name)
     SELECT gen_random_uuid(), $1, 'p' || g, 'p' || g || '@fanout.example', $2::jsonb,
            CASE WHEN g = 1 THEN '{admin}'::text[] ELSE '{}'::text[] END, 'Person', 'No ' || g
     FROM generate_series(1, $3::int) g`,
    [clientId, JSON.stringify(DEFAULT_RIGHTS), people],
  );
  const admin = (await db.query(`SELECT id, token_version FROM users WHERE login = 'p1'`)).rows[0];
  const token = platform.tokens.sign({ id: admin.id, clientId, tokenVersion: admin.token_version });
  await platform.jobs.start();
  if (slack) {
    await db.query(`INSERT INTO messenger_settings (id, client_id, slack_url) VALUES (gen_random_uuid(), $1, $2)`, [
      clientId,
      `http://127.0.0.1:${hook.address().port}/slack`,
    ]);
    await db.query(
      `INSERT INTO notification_settings (id, client_id, channels) VALUES (gen_random_uuid(), $1, $2::jsonb)`,
      [clientId, JSON.stringify({ 'posts.must_read': ['center', 'system', 'email', 'slack'] })],
    );
  }

  // Listening before the request: the first event of each kind is this post's (the workspace has no other).
  const moments = {};
  const reached = (kind) =>
    new Promise((resolve) =>
      delivery.events.once(kind, () => {
        moments[kind] = performance.now();
        resolve();
      }),
    );
  let slackDone = 0;
  const slackSent = new Promise((resolve) => {
    if (!slack) return resolve();
    channelEvents.on('done', () => {
      if (++slackDone === people - 1) {
        moments.slack = performance.now();
        resolve();
      }
    });
  });
  const entered = reached('entered');
  const mailed = reached('delivered');
  const started = performance.now();
  const res = await app.inject({
    method: 'POST',
    url: '/api/post',
    headers: { authorization: `Bearer ${token}` },
    payload: { text: 'Fan-out bench: the new security policy, please read and confirm.', mustRead: true },
  });
  const answered = performance.now() - started;
  if (res.statusCode !== 200) throw new Error(`POST /api/post answered ${res.statusCode} ${res.body}`);
  await entered;
  await mailed;
  await slackSent;
  const { rows: events } = await db.query(`SELECT id FROM notification_events WHERE code = 'posts.must_read'`);
  const eventId = events[0].id;
  const entries = Number(
    (await db.query('SELECT count(*)::int AS n FROM notifications WHERE event_id = $1', [eventId])).rows[0].n,
  );
  const mails = Number((await db.query('SELECT count(*)::int AS n FROM outbox')).rows[0].n);
  const after = (kind) => `${(moments[kind] - started).toFixed(0)} ms`;
  console.log(
    `| database | people | API answered | all centre entries exist | all e-mails in the outbox |${slack ? ' all Slack posts sent |' : ''}`,
  );
  console.log(`| --- | --- | --- | --- | --- |${slack ? ' --- |' : ''}`);
  console.log(
    `| ${adminUrl ? 'PostgreSQL' : 'embedded'} | ${people} | ${answered.toFixed(0)} ms | ${entries} after ${after('entered')} | ${mails} after ${after('delivered')} |${slack ? ` ${posted} after ${after('slack')} |` : ''}`,
  );
} finally {
  hook.close();
  await app.close();
  await platform.close();
  rmSync(dataDir, { recursive: true, force: true });
  if (adminUrl) {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  }
}
