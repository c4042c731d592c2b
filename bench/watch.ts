// npm run bench:watch: `pkidocs serve --watch` on a copy of the real site.
// Measures, from writing a file to the reload message reaching an event-stream
// client: Markdown edits (EDITS, default 200; target median ≤ 100 ms) and
// template edits (TEMPLATE_EDITS, default 20; target median ≤ 300 ms, #28); the
// server's memory after 20 and after all Markdown edits (target: within 10%);
// then a load run with autocannon (200 connections, 10 s) that must end
// without errors. VERBOSE=1 also prints the server's rebuild lines and every edit's time;
// --record appends the report to docs/benchmarks.md.
//
// The server runs in a child process forked from this file (`--serve`) inside
// the copy, so that it uses the copy's templates, and so that it can answer
// "memory?" over IPC with its heap after a full garbage collection: RSS alone
// mostly shows when V8 last bothered to collect.
import { fork, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type * as Command from '../src/cli/serve.ts';
import type * as Reporting from '../src/cli/reporter.ts';
import { SseClient } from '../test/dev/helpers/sse.ts';
import { loadAverage, record } from './record.ts';

const ROOT = resolve(import.meta.dirname, '..');
const EDITS = Number(process.env.EDITS ?? 200);
const TEMPLATE_EDITS = Number(process.env.TEMPLATE_EDITS ?? 20);
const PAGE = 'content/docs/installation.md';
const TEMPLATE = 'templates/layout/Footer.tsx';

interface LoadResult {
  requests: { average: number; total: number };
  throughput: { average: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}
type Autocannon = (opts: { url: string; connections: number; duration: number; requests: { path: string }[] }) => Promise<LoadResult>;
interface Memory {
  heapMb: number;
  rssMb: number;
}
interface Edit {
  ms: number;
  cpu: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const mb = (m: Memory): string => `heap ${m.heapMb.toFixed(1)} MB (RSS ${m.rssMb.toFixed(0)} MB)`;

/** The server side: serve --watch in this process, and answer memory questions. */
async function serve(): Promise<void> {
  const root = resolve(import.meta.dirname, '..');
  const { serveCommand } = (await import(join(root, 'src/cli/serve.ts'))) as typeof Command;
  const { createReporter } = (await import(join(root, 'src/cli/reporter.ts'))) as typeof Reporting;
  const gc = (globalThis as { gc?: () => void }).gc!;
  process.on('message', (m) => {
    if (m !== 'memory?') return;
    gc();
    const { heapUsed, rss } = process.memoryUsage();
    process.send!({ heapMb: heapUsed / 1e6, rssMb: rss / 1e6 } satisfies Memory);
  });
  const reporter = createReporter({ color: false, write: (s) => process.stdout.write(s) });
  const code = await serveCommand({ root, reporter, outDir: join(root, 'out'), configFile: join(root, 'content/site.config.ts'), port: 0, host: '127.0.0.1', watch: true, open: false });
  process.disconnect();
  process.exitCode = code;
}

/** A copy of the project the benchmark may edit; node_modules is linked and the API cache copied. */
function copyProject(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pkidocs-bench-watch-'));
  for (const part of ['bin', 'bench', 'src', 'templates', 'client', 'content', 'test/dev/helpers', 'package.json', 'tsconfig.json']) {
    cpSync(join(ROOT, part), join(dir, part), { recursive: true });
  }
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  mkdirSync(join(dir, '.pkidocs-cache'));
  for (const f of readdirSync(join(ROOT, '.pkidocs-cache')).filter((f) => f.endsWith('.json') || f.endsWith('.jsonl'))) {
    cpSync(join(ROOT, '.pkidocs-cache', f), join(dir, '.pkidocs-cache', f));
  }
  return dir;
}

/** CPU time the server used so far (user + system), from /proc: comparable across runs on a busy machine. */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in 1/100 s
}

function memory(server: ChildProcess): Promise<Memory> {
  return new Promise((resolveMemory) => {
    server.once('message', (m) => resolveMemory(m as Memory));
    server.send('memory?');
  });
}

/** Writes `rel`, then waits for the reload event that satisfies `match`: the time between the two, and the server's CPU time. */
async function timedEdit(events: SseClient, pid: number, file: string, text: string, match: (d: { paths: string[]; all: boolean }) => boolean): Promise<Edit> {
  const cpu = cpuMs(pid);
  const start = performance.now();
  writeFileSync(file, text);
  const reload = await events.next('reload', match as (d: never) => boolean, 30_000, start);
  const result = { ms: reload.at - start, cpu: cpuMs(pid) - cpu };
  // Let chokidar's per-file throttle window (50 ms) pass, so edits stay separate.
  await sleep(70);
  return result;
}

function report(name: string, edits: Edit[], target: number): string {
  const ms = edits.map((e) => e.ms);
  const med = median(ms);
  if (process.env.VERBOSE) console.log(`${name}, each: ${ms.map((m) => Math.round(m)).join(' ')}`);
  return `${name} (${edits.length} edits): median ${med.toFixed(1)} ms, worst ${Math.max(...ms).toFixed(1)} ms (server CPU median ${median(edits.map((e) => e.cpu))} ms)  ${med <= target ? '✓' : '✗'} target ≤ ${target} ms`;
}

async function main(): Promise<void> {
  const loadAtStart = loadAverage();
  const dir = copyProject();
  const server = fork(join(dir, 'bench/watch.ts'), ['--serve'], { cwd: dir, execArgv: ['--expose-gc', '--import', 'tsx'], silent: true,
    // As bin/pkidocs.js does: React's development build renders several times slower.
    env: { ...process.env, NO_COLOR: '1', NODE_ENV: process.env.NODE_ENV ?? 'production' } });
  let output = '';
  server.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  server.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  try {
    while (!/Serving .* at (http:\S+?)\/,/.test(output)) {
      if (server.exitCode !== null) throw new Error(`The server stopped:\n${output}`);
      await sleep(50);
    }
    const url = /Serving .* at (http:\S+?)\/,/.exec(output)![1]!;
    console.log(output.trim());
    const events = await SseClient.connect(`${url}/__pkidocs/events`);

    const page = readFileSync(join(dir, PAGE), 'utf8');
    const markdown: Edit[] = [];
    let after20: Memory | undefined;
    for (let i = 1; i <= EDITS; i++) {
      markdown.push(await timedEdit(events, server.pid!, join(dir, PAGE), `${page}\nBench edit number ${i}.\n`, (d) => d.paths.includes('/docs/installation')));
      if (i === Math.min(20, EDITS)) after20 = await memory(server);
    }
    const afterAll = await memory(server);

    const template = readFileSync(join(dir, TEMPLATE), 'utf8');
    const templates: Edit[] = [];
    for (let i = 1; i <= TEMPLATE_EDITS; i++) {
      const text = template.replace('</footer>', `<p className="footer__bench">Edit ${i}</p></footer>`);
      templates.push(await timedEdit(events, server.pid!, join(dir, TEMPLATE), text, (d) => d.all));
    }
    const afterTemplates = await memory(server);
    events.close();

    const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;
    const load = await autocannon({ url, connections: 200, duration: 10, requests: [{ path: '/docs/installation' }, { path: '/' }, { path: '/docs/api/classes/Certificate' }, { path: '/docs/examples/timestamping' }] });

    const check = (ok: boolean): string => (ok ? '✓' : '✗');
    const growth = (afterAll.heapMb - after20!.heapMb) / after20!.heapMb;
    if (process.env.VERBOSE) console.log(output.split('\n').filter((l) => l.startsWith('↻')).join('\n'));
    const lines = [
      report('Markdown edit → reload', markdown, 100),
      report('Template edit → reload', templates, 300),
      `Server memory after a full GC: ${mb(after20!)} after 20 Markdown edits, ${mb(afterAll)} after ${EDITS}: heap ${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)}%  ${check(growth <= 0.1)} target ≤ 10%; ${mb(afterTemplates)} after ${TEMPLATE_EDITS} template edits`,
      `Load (200 connections, 10 s): ${Math.round(load.requests.average)} req/s, ${(load.throughput.average / 1e6).toFixed(1)} MB/s, ${load.requests.total} requests, latency p50 ${load.latency.p50} ms / p99 ${load.latency.p99} ms; errors ${load.errors}, timeouts ${load.timeouts}, non-2xx ${load.non2xx}  ${check(load.errors + load.timeouts + load.non2xx === 0)}`,
    ].map((l) => `- ${l}`).join('\n');
    console.log(`\n${lines}\n\nLoad average (1 / 5 / 15 min): ${loadAtStart} at the start, ${loadAverage()} at the end.`);
    record('npm run bench:watch', lines, loadAtStart);
  } finally {
    server.kill('SIGINT');
    if (server.exitCode === null) await new Promise((r) => server.once('exit', r));
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv.includes('--serve')) await serve();
else await main();
