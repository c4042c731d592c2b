// Mutation check of the example tests (issue #9): applies one-line breakages to
// the example files one at a time, runs the example tests after each, puts the
// file back, and prints which mutants the tests killed. Each mutant meets first
// the tests that import its file (`vitest related`, seconds to a minute); only
// one they let through meets the whole suite (minutes), so a survivor is one
// the whole suite let through.
//
//   node --import tsx test/mutate-examples.ts [--only <number>[,<number>...]] [--no-baseline]
//
// The original text is kept in memory and written back in a finally block and
// on SIGINT/SIGTERM, so no mutated file is left behind. Exits non-zero when a
// mutant survives, a mutant is stale (its `find` no longer matches exactly
// once), or the unmutated suite fails.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MUTANTS, type Mutant } from './example-mutants.ts';
import { SUITE, runTwiceOnSetupError, stopVitest, suiteFiles, type SuiteResult } from './mutate-examples-vitest.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The file currently mutated, its original and its mutated text, for the signal handlers. */
let mutated: { file: string; original: string; text: string } | undefined;

/**
 * Writes the original back. Others edit the examples in the same tree: if the
 * file changed while the mutant was in place, their version is kept (overwriting
 * it would lose their work) and a warning says whether the mutant is in it.
 */
function restore(): void {
  if (!mutated) return;
  const { file, original, text } = mutated;
  mutated = undefined;
  const absolute = path.join(ROOT, file);
  const current = readFileSync(absolute, 'utf8');
  if (current === text) {
    writeFileSync(absolute, original);
  } else if (current !== original) {
    console.error(`WARNING: ${file} was changed by someone else during the run and is left as they wrote it; check it for the mutant.`);
  }
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    restore();
    stopVitest();
    console.error(`\n${signal}: the example files are restored.`);
    process.exit(130);
  });
}
process.on('exit', restore);

function occurrences(text: string, find: string): number {
  let count = 0;
  for (let at = text.indexOf(find); at >= 0; at = text.indexOf(find, at + 1)) count++;
  return count;
}

/** Whether `ran` holds every entry of `suite` (both lists sorted; a file appears once per project). */
function covers(ran: string[], suite: string[]): boolean {
  const left = [...ran];
  return suite.every((file) => {
    const at = left.indexOf(file);
    if (at >= 0) left.splice(at, 1);
    return at >= 0;
  });
}

interface Verdict { result: SuiteResult; tier: 'related' | 'suite'; seconds: number }

/**
 * Tier 1: the tests that import the mutated file; a failure there kills the
 * mutant. Tier 2, only when tier 1 passed: the whole example suite, so
 * "survived" means the whole suite let it through. When tier 1 already ran
 * every file of the suite, its pass is the suite's and tier 2 would repeat it.
 */
async function judge(number: number, mutant: Mutant, suite: string[]): Promise<Verdict> {
  // `related` ignores file filters and --dir: the projects keep it off the site project,
  // whose global setup builds the whole site. Tests of the guides and notes that import the file run too.
  const related = await runTwiceOnSetupError(`mutant-${number}-related`,
    ['related', mutant.file, '--run', '--project', 'integration', '--project', 'examples-4.0', '--passWithNoTests']);
  if (!related.passed) return { result: related, tier: 'related', seconds: related.seconds };
  if (suite.length > 0 && covers(related.files, suite)) return { result: related, tier: 'related', seconds: related.seconds };
  const whole = await runTwiceOnSetupError(`mutant-${number}`, ['run', SUITE]);
  return { result: whole, tier: 'suite', seconds: related.seconds + whole.seconds };
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const onlyArg = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
  const only = onlyArg ? new Set(onlyArg.split(',').map(Number)) : undefined;
  const chosen = MUTANTS.map((mutant, index) => ({ mutant, number: index + 1 })).filter(({ number }) => !only || only.has(number));

  let stale = 0;
  for (const { mutant, number } of chosen) {
    const count = occurrences(readFileSync(path.join(ROOT, mutant.file), 'utf8'), mutant.find);
    if (count !== 1) {
      stale++;
      console.log(`STALE    #${number} ${mutant.why}: \`find\` matches ${count} times in ${mutant.file} (must be exactly once)`);
    }
  }

  const started = Date.now();
  let suite: string[];
  if (!args.includes('--no-baseline')) {
    const baseline = await runTwiceOnSetupError('baseline', ['run', SUITE]);
    if (!baseline.passed) {
      console.log(`The example tests fail without any mutant (${baseline.firstFailure}); fix them first, or pass --no-baseline.`);
      return 2;
    }
    console.log(`baseline: the example tests pass (${baseline.files.length} test files, ${baseline.seconds}s)`);
    suite = baseline.files;
  } else {
    suite = await suiteFiles();
  }

  let killed = 0;
  let errors = 0;
  let total = 0;
  const survivors: string[] = [];
  for (const { mutant, number } of chosen) {
    const file = path.join(ROOT, mutant.file);
    const original = readFileSync(file, 'utf8');
    if (occurrences(original, mutant.find) !== 1) continue;
    total++;
    let verdict: Verdict;
    try {
      const text = original.replace(mutant.find, () => mutant.replace);
      mutated = { file: mutant.file, original, text };
      writeFileSync(file, text);
      verdict = await judge(number, mutant, suite);
    } finally {
      restore();
    }
    if (readFileSync(file, 'utf8').includes(mutant.replace) && !original.includes(mutant.replace)) {
      throw new Error(`${mutant.file} still holds mutant #${number}`);
    }
    const { result, tier, seconds } = verdict;
    const by = `${tier === 'related' ? 'related tests' : 'whole suite'}, ${result.files.length} test files run, ${seconds}s`;
    if (result.setupError) {
      errors++;
      console.log(`ERROR    #${number} ${mutant.why} [${mutant.file}] (${by}): no verdict, ${result.firstFailure}`);
    } else if (result.passed) {
      survivors.push(`#${number}`);
      console.log(`SURVIVED #${number} ${mutant.why} [${mutant.file}] (${by})`);
    } else {
      killed++;
      console.log(`KILLED   #${number} ${mutant.why} [${mutant.file}] (${by})\n         first failure: ${result.firstFailure}`);
    }
  }
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  console.log(`\n${killed}/${total} mutants killed in ${minutes} min${survivors.length ? `; survived: ${survivors.join(', ')}` : ''}${stale ? `; ${stale} stale` : ''}${errors ? `; ${errors} without a verdict` : ''}`);
  return survivors.length > 0 || stale > 0 || errors > 0 ? 1 : 0;
}

main().then((code) => {
  restore();
  process.exitCode = code;
}, (error: unknown) => {
  restore();
  console.error(error);
  process.exitCode = 1;
});
