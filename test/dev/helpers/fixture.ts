// Small throw-away sites under test/.tmp/ for the dev-server tests: a few
// Markdown pages (one with a code include), a home page module, the real site
// config and static files, and a stand-in `pkijs` whose type definitions hold
// three declarations (TypeDoc needs a few seconds for them). Each fixture
// has its own .pkidocs-cache, removed with it, so every run starts clean
// whatever an earlier run left. With `withSource`, the fixture also gets its
// own copy of bin/, src/, templates/ and client/, so the real CLI can run in
// it and its templates can be edited without touching the project's.
import { cp, mkdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';

export const PROJECT = resolve(import.meta.dirname, '../../..');
const TMP = join(PROJECT, 'test/.tmp');

export interface Fixture {
  root: string;
  configFile: string;
  outDir: string;
  path(rel: string): string;
  write(rel: string, text: string): Promise<void>;
  read(rel: string): Promise<string>;
  remove(): Promise<void>;
}

const PAGES: Record<string, string> = {
  'docs/index.md': page('Documentation', 'Where everything is.', '- [Installation](./installation.md)\n- [First steps](./examples/certificates-and-revocation/first-steps.md)\n'),
  'docs/installation.md': page('Installation', 'Add the package.', '## Install\n\nRun the installer.\n\n## Import\n\nImport the [Certificate](/docs/api/classes/Certificate) class.\n', 1),
  'docs/examples/certificates-and-revocation/index.md': page('Certificates', 'Certificate examples.', 'The examples of this section.\n', 1),
  'docs/examples/certificates-and-revocation/first-steps.md': page('First steps', 'Make a certificate.', '## Make one\n\n```ts include=./first-steps.ts#make\n```\n\nSee [the install page](../../installation.md#install).\n', 1),
  'docs/examples/certificates-and-revocation/first-steps.ts': 'import { Certificate } from "pkijs";\n// #region make\nconst certificate = new Certificate();\n// #endregion make\nexport { certificate };\n',
  // No JSX: test/.tmp is outside the project's tsconfig, so tsx would not know which JSX runtime to use.
  'pages/index.tsx': "import { createElement as h } from 'react';\n\nexport default function Home() {\n  return h('main', null, h('h1', null, 'Fixture home'), h('a', { href: '/docs/installation' }, 'Install'));\n}\n",
};

const LIBRARY: Record<string, string> = {
  'package.json': '{ "name": "pkijs", "version": "3.3.2", "types": "build/index.d.ts" }\n',
  'README.md': '# PKIjs\n\nA stand-in package for the dev-server tests.\n',
  'build/index.d.ts': [
    '/** Options of a {@link Certificate}. */',
    'export interface CertificateParameters {\n    /** The serial number. */\n    serialNumber?: number;\n}',
    '/** An X.509 certificate. */',
    'export declare class Certificate {\n    /** The serial number. */\n    serialNumber: number;\n    constructor(parameters?: CertificateParameters);\n}',
    '/** How a time is encoded. */',
    'export declare enum TimeType {\n    UTCTime = 0,\n    GeneralizedTime = 1\n}',
    '',
  ].join('\n'),
};

function page(title: string, description: string, body: string, position?: number): string {
  const pos = position === undefined ? '' : `sidebar_position: ${position}\n`;
  return `---\ntitle: ${title}\ndescription: ${description}\n${pos}---\n\n${body}`;
}

export async function createFixture(name: string, options: { withSource?: boolean } = {}): Promise<Fixture> {
  const root = join(TMP, `dev-${name}-${process.pid}`);
  await rm(root, { recursive: true, force: true });
  await mkdir(root, { recursive: true });
  const copies = options.withSource ? ['bin', 'src', 'templates', 'client', 'package.json', 'tsconfig.json'] : ['templates', 'client'];
  await Promise.all(copies.map((c) => cp(join(PROJECT, c), join(root, c), { recursive: true })));
  // Without its own source, the fixture's client code imports the project's src/shared.
  if (!options.withSource) await symlink(join(PROJECT, 'src'), join(root, 'src'));
  await cp(join(PROJECT, 'content/static'), join(root, 'content/static'), { recursive: true });
  const files: Record<string, string> = { 'content/site.config.ts': await readFile(join(PROJECT, 'content/site.config.ts'), 'utf8') };
  for (const [rel, text] of Object.entries(PAGES)) files[`content/${rel}`] = text;
  for (const [rel, text] of Object.entries(LIBRARY)) files[`node_modules/pkijs/${rel}`] = text;
  // The real config documents 4.0.0 too, installed where its docs.versions entry says (the same stand-in).
  for (const [rel, text] of Object.entries(LIBRARY)) files[`content/versions/pkijs-4.0/node_modules/pkijs/${rel}`] = text.replace('"3.3.2"', '"4.0.0"');
  await Promise.all(Object.entries(files).map(async ([rel, text]) => {
    await mkdir(dirname(join(root, rel)), { recursive: true });
    await writeFile(join(root, rel), text);
  }));
  const path = (rel: string): string => join(root, rel);
  return {
    root,
    configFile: path('content/site.config.ts'),
    outDir: path('out'),
    path,
    write: (rel, text) => writeFile(path(rel), text),
    read: (rel) => readFile(path(rel), 'utf8'),
    remove: () => rm(root, { recursive: true, force: true }),
  };
}
