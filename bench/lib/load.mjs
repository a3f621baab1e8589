import autocannon from 'autocannon';

const asAutocannon = (r) => ({
  method: r.method ?? 'GET',
  path: r.path,
  headers: { ...(r.body !== undefined ? { 'content-type': 'application/json' } : {}), ...r.headers },
  body: r.body === undefined ? undefined : JSON.stringify(r.body),
});

/**
 * One autocannon round against `url`, or a list of URLs (several processes of one server: autocannon gives
 * connection i to `url[i % url.length]`, so the processes share the connections round-robin): every connection
 * loops over `requests` (each `{ method, path, headers, body }`), so a list of several people spreads the load over
 * them. Each connection starts at its own place in the list (connection k of c at request k·n/c): otherwise all of
 * them would send the first person's request at once, then the second's, and a write of one person's row (an
 * answer set replaced, a like toggled) would queue behind itself on every connection, which no real crowd does.
 */
function round(url, requests, { connections, duration, timeout }) {
  const list = requests.map(asAutocannon);
  let started = 0;
  return autocannon({
    url,
    connections,
    duration,
    timeout,
    requests: list,
    setupClient: (client) => {
      const offset = Math.floor((started++ * list.length) / connections) % list.length;
      if (offset) client.setRequests([...list.slice(offset), ...list.slice(0, offset)].map((r) => ({ ...r })));
    },
  });
}

/** Sends the first request once and fails loudly unless it succeeds: a benchmark of 401s measures nothing. */
export async function checkRequest(url, request) {
  const res = await fetch(url + request.path, {
    method: request.method ?? 'GET',
    headers: { ...(request.body !== undefined ? { 'content-type': 'application/json' } : {}), ...request.headers },
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
  });
  const text = await res.text();
  if (!res.ok)
    throw new Error(`${request.method ?? 'GET'} ${request.path} answered ${res.status}: ${text.slice(0, 500)}`);
  return { status: res.status, bytes: Buffer.byteLength(text), body: JSON.parse(text) };
}

/**
 * A warm-up round (discarded: JIT, caches, pool connections), then the measured round, against `url` (one URL, or a
 * list whose processes share the connections round-robin). `cpuOf()`, when given, reads the server's CPU time (ms)
 * so the result also tells the server's CPU per request, which other processes on the machine disturb much less
 * than throughput.
 */
export async function measure(url, requests, { connections, duration, warmup, timeout = 10 }, cpuOf = () => null) {
  if (warmup > 0) await round(url, requests, { connections, duration: warmup, timeout });
  const cpuBefore = cpuOf();
  const r = await round(url, requests, { connections, duration, timeout });
  const cpuAfter = cpuOf();
  const completed = r.requests.total;
  return {
    requests: completed,
    rps: completed / r.duration,
    p50: r.latency.p50,
    p99: r.latency.p99,
    // autocannon counts timeouts among errors; non-2xx answers are failures too.
    errors: r.errors + r.non2xx,
    statusCodes: Object.fromEntries(Object.entries(r.statusCodeStats).map(([code, s]) => [code, s.count])),
    duration: r.duration,
    cpuPerRequestUs:
      cpuBefore !== null && cpuAfter !== null && completed ? ((cpuAfter - cpuBefore) * 1000) / completed : null,
  };
}
