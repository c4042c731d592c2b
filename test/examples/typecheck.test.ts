// Proves the example code compiles: every .ts file under content/docs/examples
// is type-checked with the repository's compiler options against the type
// definitions of pkijs 3.3.2 (4.0.0 in the examples-4.0 project), and every example page has its code beside it.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { PKIJS_4 } from './support/release.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const EXAMPLES = path.join(ROOT, 'content/docs/examples');

function listExamples(extension: string): string[] {
  return readdirSync(EXAMPLES, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith(extension))
    .map((file) => path.join(EXAMPLES, file))
    .sort();
}

function repoCompilerOptions(): ts.CompilerOptions {
  const configPath = path.join(ROOT, 'tsconfig.json');
  const { config, error } = ts.readConfigFile(configPath, (file) => ts.sys.readFile(file));
  if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, '\n'));
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, ROOT, undefined, configPath);
  if (parsed.errors.length > 0) throw new Error(formatDiagnostics(parsed.errors));
  if (!PKIJS_4) return parsed.options;
  // The examples-4.0 project: the type definitions of the release in the content/versions/pkijs-4.0 workspace.
  const release = path.join(ROOT, 'content/versions/pkijs-4.0/node_modules');
  return { ...parsed.options, paths: { pkijs: [path.join(release, 'pkijs/build/index.d.ts')], asn1js: [path.join(release, 'asn1js/build/index.d.ts')] } };
}

function formatDiagnostics(diagnostics: readonly ts.Diagnostic[]): string {
  return ts.formatDiagnostics(diagnostics, {
    getCanonicalFileName: (file) => file,
    getCurrentDirectory: () => ROOT,
    getNewLine: () => '\n',
  });
}

/** Parsed declaration files (lib.dom, pkijs, asn1js…), shared by the programs below. */
const sourceCache = new Map<string, ts.SourceFile | undefined>();

/** Type-checks `rootNames`; `virtualFiles` are served from memory instead of disk. */
function typeCheck(rootNames: string[], virtualFiles: Record<string, string> = {}): readonly ts.Diagnostic[] {
  const options = repoCompilerOptions();
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile } = host;
  host.fileExists = (file) => file in virtualFiles || fileExists.call(host, file);
  host.readFile = (file) => virtualFiles[file] ?? readFile.call(host, file);
  host.getSourceFile = (file, language, ...rest) => {
    const text = virtualFiles[file];
    if (text !== undefined) return ts.createSourceFile(file, text, language);
    if (!file.endsWith('.d.ts')) return getSourceFile.call(host, file, language, ...rest);
    if (!sourceCache.has(file)) sourceCache.set(file, getSourceFile.call(host, file, language, ...rest));
    return sourceCache.get(file);
  };
  return ts.getPreEmitDiagnostics(ts.createProgram({ rootNames, options, host }));
}

/** Paths relative to the examples folder, without their extension. */
function stems(extension: string, files: string[]): string[] {
  return files.map((file) => path.relative(EXAMPLES, file).slice(0, -extension.length));
}

describe('example code', () => {
  const codeFiles = listExamples('.ts');

  it('includes the code of the certificate and timestamping sections', () => {
    const relative = codeFiles.map((file) => path.relative(EXAMPLES, file));
    expect(relative).toEqual(expect.arrayContaining([
      'certificates-and-revocation/create-and-validate-certificate.ts',
      'certificates-and-revocation/creating-and-parsing-CRLs.ts',
      'certificates-and-revocation/working-with-certificate-requests.ts',
      'certificates-and-revocation/working-with-OCSP-requests.ts',
      'certificates-and-revocation/working-with-OCSP-responses.ts',
      'timestamping/creating-a-timestamp-request.ts',
      'timestamping/creating-a-timestamp-response.ts',
    ]));
  });

  it('type-checks every example with zero diagnostics', () => {
    const report = formatDiagnostics(typeCheck(codeFiles));
    expect(report, `Type errors in the example code:\n${report}`).toBe('');
  });

  it(`reads the type definitions of pkijs ${PKIJS_4 ? '4.0.0' : '3.3.2'}`, () => {
    const resolved = ts.resolveModuleName('pkijs', codeFiles[0]!, repoCompilerOptions(), ts.sys).resolvedModule?.resolvedFileName ?? '';
    const version = (JSON.parse(readFileSync(path.join(path.dirname(resolved), '../package.json'), 'utf8')) as { version: string }).version;
    expect(version).toBe(PKIJS_4 ? '4.0.0' : '3.3.2');
  });

  it('reports misuse of the pkijs API, so a clean result means something', () => {
    // The assignment is wrong only if the real pkijs declarations are loaded.
    const file = path.join(EXAMPLES, '__virtual__.ts');
    const source = [
      "import * as pkijs from 'pkijs';",
      'export const serial: number = new pkijs.Certificate().serialNumber;',
      'export const missing = pkijs.Certificate.fromPEM;',
    ].join('\n');
    const diagnostics = typeCheck([file], { [file]: source });
    const codes = diagnostics.filter((d) => d.file?.fileName === file).map((d) => d.code);
    expect(codes).toEqual(expect.arrayContaining([2322, 2339]));
  });
});

describe('example pages', () => {
  const pages = listExamples('.md').filter((file) => path.basename(file) !== 'index.md');
  const codeFiles = listExamples('.ts');

  it('have a code file beside every page and a page beside every code file', () => {
    const pageStems = stems('.md', pages);
    // oids.ts is a data module: shown on the helpers page and rendered by the OID reference guide.
    // crl-checks.ts is code shared by two pages (a module of its own to avoid an import cycle), shown on the CRL page,
    // and pdf-syntax.ts the PDF verifier's tokenizer, shown on its page.
    const modules = ['oids', 'certificates-and-revocation/crl-checks', 'other/pdf-syntax'];
    const codeStems = stems('.ts', codeFiles).filter((stem) => !modules.includes(stem));
    const pagesWithoutCode = pageStems.filter((stem) => !codeStems.includes(stem)).map((stem) => `${stem}.md`);
    const codeWithoutPage = codeStems.filter((stem) => !pageStems.includes(stem)).map((stem) => `${stem}.ts`);
    expect({ pagesWithoutCode, codeWithoutPage }).toEqual({ pagesWithoutCode: [], codeWithoutPage: [] });
  });

  it('include only files and regions that exist', () => {
    const broken: string[] = [];
    for (const page of pages) {
      const markdown = readFileSync(page, 'utf8');
      for (const [, target = '', region] of markdown.matchAll(/^```\w*[^\n]*\binclude=([^\s#]+)(?:#(\S+))?/gm)) {
        const file = path.resolve(path.dirname(page), target);
        const code = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
        const hasRegion = region === undefined
          || (code?.includes(`// #region ${region}\n`) && code.includes(`// #endregion ${region}\n`));
        if (code === undefined || !hasRegion) broken.push(`${path.relative(EXAMPLES, page)} → ${target}${region ? `#${region}` : ''}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
