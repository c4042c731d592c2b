// npm run bench:search: the search index of the real site (needs a built out/,
// `npx pkidocs build`): its size raw and gzipped, the time the search stage
// takes to build it, the time the browser side takes to index it, and the
// query latency (median and p95) of the engine over a fixed query list.
// --record appends the report to docs/benchmarks.md.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { SearchEngine } from '../client/search/engine.ts';
import { buildSearchIndex } from '../src/search/build-index.ts';
import { expandIndex } from '../src/shared/search-index.ts';
import { loadAverage, record } from './record.ts';
import { loadModel, readPages } from './search-input.ts';

export const BENCH_QUERIES = [
  'OCSPResponse', 'SignedData verify', 'SignedData.verify', 'sd.verify', 'Certficate', 'Certif', 'how do I make a PKCS#12 file',
  'timestamp request', 'getCrypto', 'EnvelopedData encrypt', 'verify certificate chain', 'CertificateChainValidationEngine',
  'fromBER', 'AlgorithmIdentifier', 'password based encryption', 'SignerInfo', 'ocsp', 'PKIStatus', 'tbs', 'crypto engine node',
  'S/MIME', 'crl', 'x509 extension', 'toSchema', 'a', 'ContentInfo.SIGNED_DATA', 'privateKey', 'RSASSA-PSS', 'setEngine', 'attribute',
];

const loadAtStart = loadAverage();
const out = resolve(import.meta.dirname, '..', process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 'out');
if (!existsSync(out)) {
  console.error(`No built site in ${out}: run \`npx pkidocs build\` first.`);
  process.exit(2);
}
const model = await loadModel();
const pages = readPages(out);
// A fresh copy of the model each time: the stage keeps the API rows of a model it has seen (watch mode).
const builds: number[] = [];
const pageOnly: number[] = [];
let json = '';
for (let i = 0; i < 5; i++) {
  const fresh = structuredClone(model);
  let t = performance.now();
  json = JSON.stringify(buildSearchIndex(fresh, pages));
  builds.push(performance.now() - t);
  t = performance.now();
  buildSearchIndex(fresh, pages);
  pageOnly.push(performance.now() - t);
}
const indexing: number[] = [];
let engine!: SearchEngine;
for (let i = 0; i < 3; i++) {
  const t = performance.now();
  engine = new SearchEngine(expandIndex(JSON.parse(json)));
  indexing.push(performance.now() - t);
}
// Every prefix of every query, as typed: one search per keystroke.
const keystrokes = BENCH_QUERIES.flatMap((q) => [...q].map((_, i) => q.slice(0, i + 1)));
for (const q of keystrokes) engine.grouped(q); // warm-up
const times: number[] = [];
for (let r = 0; r < 3; r++) {
  for (const q of keystrokes) {
    const t = performance.now();
    engine.grouped(q);
    times.push(performance.now() - t);
  }
}
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))]!;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const report = [
  `- search index: ${kb(json.length)} raw, ${kb(gzipSync(json).length)} gzipped; ${expandIndex(JSON.parse(json)).length} records`,
  `- index build (search stage): median ${quantile(builds, 0.5).toFixed(0)} ms; after a Markdown edit (API rows kept): ${quantile(pageOnly, 0.5).toFixed(0)} ms`,
  `- indexing in the engine (first open): median ${quantile(indexing, 0.5).toFixed(0)} ms`,
  `- query latency over ${keystrokes.length} keystrokes × 3: median ${quantile(times, 0.5).toFixed(2)} ms, p95 ${quantile(times, 0.95).toFixed(2)} ms`,
].join('\n');
console.log(`${report}\n\nLoad average (1 / 5 / 15 min): ${loadAtStart} at the start, ${loadAverage()} at the end.`);
record('npm run bench:search', report, loadAtStart);
