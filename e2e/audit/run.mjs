#!/usr/bin/env node
// `npm run audit:web`: Lighthouse (performance, mobile and desktop) and axe-core (light and dark, desktop and phone)
// on the pages of the web app, printed as one table. Nothing is downloaded: Debian's Chromium runs both.
//
// Without AUDIT_URL it builds the web app (SKIP_BUILD=1 reuses apps/web/dist), starts the server on a fresh embedded
// database with the demo workspace on AUDIT_PORT (4320) and stops it at the end. With AUDIT_URL it audits that server,
// which must hold the demo workspace (admin / demo1234). Either way the demo workspace is filled up to AUDIT_PEOPLE
// (500) people first, so the address book and the employees list are measured with a long list.
// AUDIT_RUNS (3) Lighthouse runs per page and form factor, the middle one by score counts (0: axe only). AUDIT_PAGES=login,wall
// limits the pages. The full reports land in e2e/artifacts/audit/.
// AUDIT_PROFILE=1 measures instead of auditing: React's profiling build (apps/web/dist-profile), each page loaded
// AUDIT_RUNS times on a phone with the CPU slowed 4× (as Lighthouse's mobile profile), and every long task printed with
// what React did in it: the lane (Blocking, Transition), the event that caused a blocking update, and the components
// that took the time, and which components saw a store change under a background render (a "Teared Render"). Its
// blocking time (long tasks' time over 50 ms after the first paint) is observed, not simulated; each run's trace
// (e2e/artifacts/audit/<page>-trace-<run>.json) opens in DevTools' Performance panel. Its times include the profiling
// build's own cost (React writes an entry for every rendered component while it runs effects: much of "Remaining
// Effects" after a big commit): compare profile runs with each other, and judge the product build with Lighthouse.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer from 'puppeteer-core';

const root = fileURLToPath(new URL('../..', import.meta.url));
const require = createRequire(import.meta.url);
const CHROME_PATH = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.AUDIT_RUNS ?? 3);
const PEOPLE = Number(process.env.AUDIT_PEOPLE ?? 500);
const PORT = Number(process.env.AUDIT_PORT ?? 4320);
const PROFILE = process.env.AUDIT_PROFILE === '1';
const ARTIFACTS = path.join(root, 'e2e/artifacts/audit');
const ADMIN = { login: 'admin', password: 'demo1234' };
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-sync'];
const PHONE = { width: 390, height: 844, deviceScaleFactor: 3, isMobile: true, hasTouch: true };
const DESKTOP = { width: 1350, height: 940, deviceScaleFactor: 1 };

let server = null;
let baseUrl = process.env.AUDIT_URL?.replace(/\/$/, '');

async function startServer() {
  if (process.env.SKIP_BUILD !== '1') {
    // The server runs from source but imports the shared package's build.
    const builds = PROFILE
      ? [
          ['npm', ['run', 'build', '-w', 'packages/shared']],
          [
            'npx',
            ['vite', 'build'],
            { cwd: path.join(root, 'apps/web'), env: { ...process.env, REACT_PROFILING: '1' } },
          ],
        ]
      : ['packages/shared', 'apps/web'].map((workspace) => ['npm', ['run', 'build', '-w', workspace]]);
    for (const [command, args, options] of builds) {
      const build = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
      if (build.status !== 0) process.exit(build.status ?? 1);
    }
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hallway-audit-'));
  baseUrl = `http://127.0.0.1:${PORT}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO: '1',
      // Without it the server makes up the demo people's password; the audit signs in as ADMIN.
      DEMO_PASSWORD: ADMIN.password,
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT: '1000',
      DATABASE_URL: '',
      REDIS_URL: '',
      ...(PROFILE ? { WEB_DIST: path.join(root, 'apps/web/dist-profile') } : {}),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  server = { child, dataDir, exited: false };
  child.on('exit', () => {
    server.exited = true;
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exited) throw new Error('the server exited during start-up');
    const ok = await fetch(`${baseUrl}/api/env`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the server did not answer /api/env within 120 s');
}

async function stopServer() {
  if (!server) return;
  if (!server.exited) {
    server.child.kill('SIGTERM');
    await new Promise((resolve) => {
      const timer = setTimeout(() => {
        server.child.kill('SIGKILL');
        resolve();
      }, 15_000);
      server.child.on('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      if (server.exited) resolve();
    });
  }
  rmSync(server.dataDir, { recursive: true, force: true });
}

async function api(method, url, token, body) {
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return response.json();
}

// Names take letters only; 30 × 20 of them make 600 different people.
const FIRST_NAMES =
  'Ada Ben Cleo Dan Eva Finn Gus Hana Ivo Jana Kai Lena Milo Nora Otto Pia Quin Rita Sam Tara Uma Vic Wes Xena Yuri Zoe Alma Bo Cora Dag'.split(
    ' ',
  );
const LAST_NAMES =
  'Adler Berg Claes Dahl Eklund Falk Gren Holm Isak Juhl Kron Lind Moss Nyberg Ost Pihl Quist Rask Sund Tell'.split(
    ' ',
  );

/** Signs the administrator in and fills the workspace up to PEOPLE active people. */
async function prepare() {
  const signIn = await api('POST', '/api/loginPage', null, ADMIN);
  const session = { token: signIn.token, user: signIn.result };
  const workspace = session.user.workspace ?? 'demo';
  const page = await api('POST', `/api/user/filter/${workspace}`, session.token, { page: 0, limit: 1 });
  const missing = PEOPLE - page.total;
  const tag = Date.now().toString(36);
  for (let start = 0; start < missing; start += 100) {
    const users = Array.from({ length: Math.min(100, missing - start) }, (_, i) => {
      const n = page.total + start + i + 1;
      return {
        firstName: FIRST_NAMES[n % FIRST_NAMES.length],
        lastName: LAST_NAMES[Math.floor(n / FIRST_NAMES.length) % LAST_NAMES.length],
        email: `audit.${tag}.${n}@example.test`,
        login: `audit${tag}${n}`,
        password: 'audit-pass-1',
        confirmation: 'audit-pass-1',
        position: 'Engineer',
        department: ['Engineering', 'Sales', 'Finance'][n % 3],
        city: ['Riga', 'Tallinn', 'Vilnius'][n % 3],
        phone: `+371200${String(n).padStart(5, '0')}`,
      };
    });
    const { result } = await api('POST', '/api/register_many', session.token, { users });
    if (result.errors.length) throw new Error(`seeding people failed: ${JSON.stringify(result.errors[0])}`);
  }
  if (missing > 0) console.log(`audit: added ${missing} people to the demo workspace`);
  return session;
}

const setTheme = (session, theme) => api('PUT', `/api/user/${session.user._id}`, session.token, { theme });

/** Puts the session in local storage before the app's first script runs, on every document of the origin. */
async function signInPage(page, session) {
  if (!session) return;
  const origin = new URL(baseUrl).origin;
  await page.evaluateOnNewDocument(
    (origin, token, user) => {
      if (location.origin !== origin) return;
      localStorage.setItem('token', token);
      localStorage.setItem('uid', user._id);
      localStorage.setItem('authorization', 'true');
      localStorage.setItem('CurrentUserData', JSON.stringify(user));
    },
    origin,
    session.token,
    session.user,
  );
}

async function withChrome(work) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  let browser;
  try {
    browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
    return await work(browser, chrome.port);
  } finally {
    await browser?.disconnect().catch(() => undefined);
    chrome.kill();
  }
}

/**
 * What does not depend on how busy the machine is: requests and script bytes on the wire, and the main thread's
 * work with its long tasks (these scale with the CPU, but their split by script does not).
 */
function evidence(lhr) {
  const summary = Object.fromEntries(
    (lhr.audits['resource-summary']?.details?.items ?? []).map((item) => [item.resourceType, item]),
  );
  const longTasks = lhr.audits['long-tasks']?.details?.items ?? [];
  return {
    requests: summary.total?.requestCount ?? 0,
    scriptRequests: summary.script?.requestCount ?? 0,
    scriptBytes: summary.script?.transferSize ?? 0,
    mainThread: lhr.audits['mainthread-work-breakdown']?.numericValue ?? Number.NaN,
    longTasks: longTasks.length,
    longTaskMs: longTasks.reduce((sum, task) => sum + task.duration, 0),
  };
}

/** One Lighthouse run in a fresh browser (an empty cache, as a first visit). */
function lighthouseRun(url, session, formFactor) {
  return withChrome(async (browser, port) => {
    const page = await browser.newPage();
    await signInPage(page, session);
    const flags = { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] };
    const result = await lighthouse(url, flags, formFactor === 'desktop' ? desktopConfig : undefined, page);
    const lhr = result.lhr;
    const audit = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      lcp: audit('largest-contentful-paint'),
      tbt: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      bytes: audit('total-byte-weight'),
      ...evidence(lhr),
      lhr,
    };
  });
}

const median = (runs) => [...runs].sort((a, b) => a.score - b.score)[Math.floor(runs.length / 2)];

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** axe-core on a loaded page: every violation, and how many serious or critical ones. */
async function axeRun(browser, url, session, viewport) {
  const page = await browser.newPage();
  try {
    await page.setViewport(viewport);
    await signInPage(page, session);
    await page.goto(url, { waitUntil: 'networkidle2' });
    await page.waitForSelector('h1', { timeout: 20_000 });
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 500)));
    await page.evaluate(AXE_SOURCE);
    const violations = await page.evaluate(
      (tags) =>
        window.axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }).then((r) =>
          r.violations.map((v) => ({
            id: v.id,
            impact: v.impact,
            nodes: v.nodes.length,
            examples: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')}: ${n.failureSummary}`),
          })),
        ),
      AXE_TAGS,
    );
    const all = violations.reduce((sum, v) => sum + v.nodes, 0);
    const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    return {
      all,
      serious: serious.reduce((sum, v) => sum + v.nodes, 0),
      rules: serious.map((v) => v.id),
      violations,
    };
  } finally {
    await page.close();
  }
}

/** Installed before the page's scripts: keeps React's timeline entries (console.timeStamp) and the long tasks. */
function recordTimeline() {
  // React times each component only with a profiler attached: a do-nothing stand-in for the developer tools' hook.
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    renderers: new Map(),
    supportsFiber: true,
    inject: () => 1,
    onScheduleFiberRoot() {},
    onCommitFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    checkDCE() {},
  };
  const marks = [];
  const longTasks = [];
  const timeStamp = console.timeStamp.bind(console);
  console.timeStamp = (name, start, end, track, group, ...rest) => {
    if (typeof start === 'number') marks.push({ name, start, end, track, group, color: rest[0] });
    return timeStamp(name, start, end, track, group, ...rest);
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  window.__timeline = { marks, longTasks };
}

/** One load of a page on a slowed phone: its long tasks, each with React's lanes, causes and heaviest components. */
function profileRun(url, session, tracePath) {
  return withChrome(async (browser) => {
    const page = await browser.newPage();
    await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
    const cdp = await page.createCDPSession();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await signInPage(page, session);
    await page.evaluateOnNewDocument(recordTimeline);
    const tears = [];
    page.on('console', (message) => {
      if (message.text().startsWith('hallway-tear ')) tears.push(message.text().slice('hallway-tear '.length));
    });
    // The run's trace with JavaScript samples, for DevTools' Performance panel (the build keeps its names).
    await page.tracing.start({
      path: tracePath,
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-v8.cpu_profiler'],
    });
    await page.goto(url, { waitUntil: 'networkidle0', timeout: 120_000 });
    await page.waitForSelector('h1', { timeout: 60_000 });
    // Settled: two quiet seconds with no long task (at most 20 s).
    for (let i = 0, last = -1; i < 10; i++) {
      await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 2000)));
      const count = await page.evaluate(() => window.__timeline.longTasks.length);
      if (count === last) break;
      last = count;
    }
    await page.tracing.stop();
    const { marks, longTasks, fcp } = await page.evaluate(() => ({
      ...window.__timeline,
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
    }));
    const components = marks.filter((m) => m.track === 'Components \u269b');
    // Where a render's (or its effects') time went: the components of at least 5 ms none of whose own descendants
    // took most of it. React colours effects' entries "secondary", renders' "primary".
    const hot = (from, to, effects) => {
      const inside = components.filter(
        (m) =>
          m.start >= from && m.end <= to && m.end - m.start >= 5 && String(m.color).startsWith('secondary') === effects,
      );
      return inside
        .filter(
          (m) =>
            !inside.some(
              (other) =>
                other !== m &&
                other.start >= m.start &&
                other.end <= m.end &&
                other.end - other.start >= 0.5 * (m.end - m.start),
            ),
        )
        .sort((a, b) => b.end - b.start - (a.end - a.start))
        .slice(0, 4)
        .map((m) => `${m.name} ${Math.round(m.end - m.start)}`)
        .join(', ');
    };
    const tasks = longTasks.map((task) => {
      const end = task.start + task.duration;
      const react = marks
        .filter((m) => m.group === 'Scheduler \u269b' && m.start < end && m.end > task.start)
        .filter((m) => m.end - m.start >= 1)
        .map((m) => {
          const what = `${m.track}:${m.name} ${Math.round(m.end - m.start)}`;
          const where = /Render|Effects|Commit/.test(m.name) ? hot(m.start, m.end, !m.name.includes('Render')) : '';
          return where ? `${what} [${where}]` : what;
        });
      return { start: Math.round(task.start), duration: Math.round(task.duration), react: react.join(', ') };
    });
    const blocking = longTasks
      .filter((task) => task.start >= fcp)
      .reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0);
    return { fcp: Math.round(fcp), blocking: Math.round(blocking), tasks, tears };
  });
}

async function profilePages(pages, session) {
  for (const page of pages) {
    const url = baseUrl + page.path(session);
    const runs = [];
    const name = page.name.replace(' ', '-');
    for (let i = 0; i < Math.max(1, RUNS); i++)
      runs.push(
        await profileRun(url, page.signedIn ? session : null, path.join(ARTIFACTS, `${name}-trace-${i + 1}.json`)),
      );
    writeFileSync(path.join(ARTIFACTS, `${name}-profile.json`), JSON.stringify(runs, null, 2));
    console.log(
      `\nprofile: ${page.name}: blocking after first paint ${runs.map((r) => `${r.blocking} ms`).join(' / ')}`,
    );
    const middle = [...runs].sort((a, b) => a.blocking - b.blocking)[Math.floor(runs.length / 2)];
    console.log(`  middle run (first paint at ${middle.fcp} ms):`);
    for (const tear of middle.tears) console.log(`  a store changed under a background render, read by ${tear}`);
    for (const task of middle.tasks)
      console.log(`  ${task.start} ms +${task.duration} ms | ${task.react || '(no render)'}`);
  }
}

const PAGES = [
  { name: 'login', path: () => '/login/', signedIn: false },
  { name: 'wall', path: () => '/company/', signedIn: true },
  { name: 'profile', path: (s) => `/profile/${s.user._id}`, signedIn: true },
  { name: 'address book', path: () => '/addressBook/', signedIn: true },
  { name: 'employees', path: () => '/employees/', signedIn: true },
];

const kib = (bytes) => `${(bytes / 1024).toFixed(0)} KiB`;
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

async function main() {
  if (!baseUrl) await startServer();
  console.log(`audit: ${baseUrl}, ${RUNS} ${PROFILE ? 'profiled load' : 'Lighthouse run'}(s) per page and form factor`);
  const session = await prepare();
  const only = process.env.AUDIT_PAGES?.split(',').map((name) => name.trim());
  const pages = PAGES.filter((p) => !only || only.includes(p.name) || only.includes(p.name.replace(' ', '')));
  mkdirSync(ARTIFACTS, { recursive: true });
  if (PROFILE) return profilePages(pages, session);

  const rows = [];
  for (const page of pages) {
    const url = baseUrl + page.path(session);
    const who = page.signedIn ? session : null;
    const result = { page: page.name };
    for (const formFactor of RUNS > 0 ? ['mobile', 'desktop'] : []) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await lighthouseRun(url, who, formFactor));
      const middle = median(runs);
      writeFileSync(
        path.join(ARTIFACTS, `${page.name.replace(' ', '-')}-${formFactor}.json`),
        JSON.stringify(middle.lhr),
      );
      result[formFactor] = { ...middle, lhr: undefined, scores: runs.map((r) => r.score) };
    }
    result.axe = {};
    for (const theme of ['light', 'dark']) {
      if (page.signedIn) await setTheme(session, theme);
      // The login page has no person and so no dark theme: it is measured once.
      if (!page.signedIn && theme === 'dark') continue;
      await withChrome(async (browser) => {
        result.axe[`desktop ${theme}`] = await axeRun(browser, url, who, DESKTOP);
        result.axe[`phone ${theme}`] = await axeRun(browser, url, who, PHONE);
      });
    }
    await setTheme(session, 'light');
    rows.push(result);
    const axeText = Object.entries(result.axe)
      .map(([where, r]) => `${where} ${r.serious}/${r.all}${r.rules.length ? ` (${r.rules.join(', ')})` : ''}`)
      .join('; ');
    const scores =
      RUNS > 0 ? `mobile ${result.mobile.scores.join('/')}, desktop ${result.desktop.scores.join('/')}; ` : '';
    console.log(`audit: ${page.name}: ${scores}axe ${axeText}`);
  }

  const worstAxe = (axe) => Math.max(...Object.values(axe).map((r) => r.serious));
  writeFileSync(path.join(ARTIFACTS, 'summary.json'), JSON.stringify(rows, null, 2));
  if (RUNS === 0) return;
  const lines = [
    '| page | perf mobile / desktop | LCP mobile | TBT mobile | CLS mobile / desktop | transferred (mobile) | axe serious+critical (worst of light/dark, desktop/phone) | axe all (desktop light) |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map((r) =>
      [
        r.page,
        `${r.mobile.score} / ${r.desktop.score}`,
        seconds(r.mobile.lcp),
        `${Math.round(r.mobile.tbt)} ms`,
        `${r.mobile.cls.toFixed(3)} / ${r.desktop.cls.toFixed(3)}`,
        kib(r.mobile.bytes),
        worstAxe(r.axe),
        r.axe['desktop light'].all,
      ].join(' | '),
    ),
  ].map((line) => (line.startsWith('|') ? line : `| ${line} |`));
  console.log(`\n${lines.join('\n')}\n`);
  const evidenceLines = [
    '| page | requests (scripts) mobile | script bytes mobile | main-thread work mobile / desktop | long tasks mobile (count, total) |',
    '| --- | --- | --- | --- | --- |',
    ...rows.map(
      (r) =>
        `| ${r.page} | ${r.mobile.requests} (${r.mobile.scriptRequests}) | ${r.mobile.scriptBytes.toLocaleString('en')} B | ${Math.round(r.mobile.mainThread)} / ${Math.round(r.desktop.mainThread)} ms | ${r.mobile.longTasks}, ${Math.round(r.mobile.longTaskMs)} ms |`,
    ),
  ];
  console.log(`${evidenceLines.join('\n')}\n`);
}

let code = 0;
try {
  await main();
} catch (error) {
  console.error(`audit: ${error instanceof Error ? error.stack : error}`);
  code = 1;
} finally {
  await stopServer();
}
process.exit(code);
