import { execFileSync } from 'node:child_process';
import os from 'node:os';

const int = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const ms = (v) => (v < 10 ? v.toFixed(1) : int.format(v));
const percent = (v) => (v < 0.1 ? `${(v * 100).toFixed(1)}%` : `${int.format(v * 100)}%`);

/**
 * One Markdown table per database: baseline rows first, then scenarios with their throughput as a share of each
 * baseline they name (100% = as fast as the bare server).
 */
export function formatTable(section) {
  const baselineIds = [...new Set(section.rows.filter((r) => r.kind === 'scenario').flatMap((r) => r.baselines))];
  const titles = new Map(section.rows.filter((r) => r.kind === 'baseline').map((r) => [r.id, r]));
  const ranged = section.rounds > 1;
  const head = [
    'Row',
    'req/s',
    ...(ranged ? ['req/s range'] : []),
    'p50 ms',
    'p99 ms',
    'errors',
    'server CPU µs/req',
    ...baselineIds.map((b) => `vs ${b}`),
  ];
  const cells = section.rows.map((row) => {
    const ratios = baselineIds.map((b) => {
      const base = titles.get(b);
      if (row.kind !== 'scenario' || !row.baselines.includes(b) || !base?.rps) return '';
      return percent(row.rps / base.rps);
    });
    const title = row.connections === section.connections ? row.title : `${row.title} (${row.connections} connections)`;
    const name = row.kind === 'baseline' ? `baseline \`${row.id}\`: ${title}` : `\`${row.id}\`: ${title}`;
    return [
      name,
      int.format(row.rps),
      ...(ranged ? [row.rpsRange.map((v) => int.format(v)).join('–')] : []),
      ms(row.p50),
      ms(row.p99),
      int.format(row.errors),
      row.cpuPerRequestUs === null ? '' : int.format(row.cpuPerRequestUs),
      ...ratios,
    ];
  });
  // Padded like Biome formats Markdown, so the table reads in a terminal and pastes into the README unchanged.
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (row) => `| ${row.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`;
  const rule = `| ${widths.map((w, i) => (i === 0 ? '-'.repeat(w) : `${'-'.repeat(w - 1)}:`)).join(' | ')} |`;
  const lines = [
    `### ${section.label}: ${section.connections} connections, ${section.duration} s (after ${section.warmup} s warm-up)${
      ranged ? `, median of ${section.rounds} rounds` : ''
    }`,
    '',
    `Data: ${section.data}. Load average (1 min) ${section.load.map((l) => l.toFixed(1)).join(' → ')} over the run.`,
    '',
    line(head),
    rule,
    ...cells.map(line),
  ];
  return lines.join('\n');
}

export function machine() {
  const cpus = os.cpus();
  let commit = null;
  try {
    // Read-only: which commit the figures belong to (the working tree may hold more).
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    // Not a git checkout.
  }
  return {
    cpus: cpus.length,
    model: cpus[0]?.model ?? 'unknown',
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    commit,
  };
}
