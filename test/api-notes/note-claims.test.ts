// Every claim the site notes and guides make about pkijs, run against each
// installed pkijs release. A claim names the releases it holds for (and those
// it does not) in the file itself; a release that contradicts its note fails
// with the note's file and line, and so does an installed release the note
// does not speak of, so a version bump cannot leave a note silently wrong.
// Every claim runs against every documented release (content/site.config.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { chainClaims } from './claims/chain.ts';
import { guideClaims } from './claims/guides.ts';
import { migration4Claims } from './claims/migration-4.ts';
import { ocspClaims } from './claims/ocsp.ts';
import { signingClaims } from './claims/signing.ts';
import { type Claim, locate, majorsOf, ROOT, statementsOf } from './support/note-claims.ts';
import { createPki, type Pki } from './support/pki.ts';
import { INSTALLED_PKIJS, type Pkijs, useRelease } from './support/pkijs-versions.ts';

const CLAIMS: Claim[] = [...ocspClaims, ...chainClaims, ...signingClaims, ...guideClaims, ...migration4Claims];

let pki: Pki;
beforeAll(async () => {
  pki = await createPki();
});

/** What running the claim on a release gave: undefined when it held, else the reason it did not. */
async function outcome(claim: Claim, pk: Pkijs): Promise<string | undefined> {
  try {
    await claim.holds(useRelease(pk), pki);
    return undefined;
  } catch (e) {
    return e instanceof Error ? e.message.split('\n')[0] : String(e);
  }
}

/**
 * Each claim with each documented release, and with each other installed release of the major versions
 * its statement speaks of (a claim without a statement runs once, to fail).
 */
const CASES = INSTALLED_PKIJS.flatMap((release) => CLAIMS.flatMap((claim) => {
  let majors: Set<string> | undefined;
  try {
    const { statement } = locate(claim);
    majors = statement ? majorsOf(statement) : undefined;
  } catch {
    majors = undefined;
  }
  const runs = majors ? release.documented || majors.has(release.version.split('.')[0]!) : release === INSTALLED_PKIJS[0];
  return runs ? [[`pkijs ${release.version}: ${claim.file}: ${claim.quote.slice(0, 60)}`, release, claim] as const] : [];
}));

describe('every claim of the notes and guides against each installed pkijs', () => {
  it.each(CASES)('%s', async (_, { version, pk }, claim) => {
    const { line, statement } = locate(claim);
    const where = `${claim.file}:${line}`;
    if (!statement) throw new Error(`${where}: no "Holds for pkijs …." statement follows the claim in its section: say which releases it holds for.`);
    const claimed = statement.holds.includes(version);
    if (!claimed && !statement.not.includes(version)) {
      throw new Error(`${where}: pkijs ${version} is installed, but the statement on line ${statement.line} does not say whether the claim holds for it: run this test, then add ${version} to "Holds for pkijs …" or to its ", not …" list.`);
    }
    const failed = await outcome(claim, pk);
    if (claimed && failed !== undefined) {
      throw new Error(`${where}: the note says this holds for pkijs ${version}, but pkijs ${version} contradicts it (${failed}). Correct the note, or move ${version} to the ", not …" list and say what changed.`);
    }
    if (!claimed && failed === undefined) {
      throw new Error(`${where}: the note says this does not hold for pkijs ${version}, but it does. Correct the statement on line ${statement.line}.`);
    }
  });
});

describe('the version statements of the site notes and guides', () => {
  const notes = readdirSync(join(ROOT, 'content/api-notes')).filter((f) => f.endsWith('.md')).map((f) => `content/api-notes/${f}`);
  const guides = ['content/docs/guides', 'content/docs/guides/data'].flatMap((dir) => readdirSync(join(ROOT, dir))
    .filter((f) => /\.(md|ts)$/.test(f)).map((f) => `${dir}/${f}`));

  it('every statement covers at least one claim that this test runs', () => {
    const covered = new Set(CLAIMS.map((c) => `${c.file}:${locate(c).statement?.at}`));
    const uncovered = [...notes, ...guides].flatMap((file) => statementsOf(readFileSync(join(ROOT, file), 'utf8'))
      .filter((s) => !covered.has(`${file}:${s.at}`)).map((s) => `${file}:${s.line}`));
    expect(uncovered, 'statements with no claim in test/api-notes/claims').toEqual([]);
  });

  it('every member section of a note has a statement', () => {
    // A "## member" section says how pkijs behaves; it must say for which releases. (An item's intro may only point to a page.)
    const bare: string[] = [];
    for (const file of notes) {
      const text = readFileSync(join(ROOT, file), 'utf8');
      for (const section of text.split(/^(?=## )/m).filter((s) => s.startsWith('## '))) {
        if (statementsOf(section).length === 0) bare.push(`${file}: ${section.split('\n')[0]}`);
      }
    }
    expect(bare).toEqual([]);
  });
});
