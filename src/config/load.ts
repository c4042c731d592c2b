// Loads the site config module, validates it with the schema and checks the
// rules the schema alone cannot express. Never throws for bad input: every
// problem comes back as a diagnostic.
import { error, type Diagnostic } from '../diagnostics/diagnostic.ts';
import { issueToDiagnostic } from './issues.ts';
import { sanitizeHtmlFragment } from '../shared/safe-html.ts';
import { importSiteModule } from '../shared/site-module.ts';
import { siteConfigSchema, type SiteConfig } from './schema.ts';
import { versionRules } from './versions.ts';

export type ConfigResult = { config: SiteConfig; diagnostics: [] } | { config?: undefined; diagnostics: Diagnostic[] };

/** The config at `file`, compiled into `cacheDir` (see importSiteModule). */
export async function loadConfig(file: string, cacheDir: string): Promise<ConfigResult> {
  let raw: unknown;
  try {
    raw = (await importSiteModule(file, cacheDir)).default;
  } catch (e) {
    const code = (e as { code?: string }).code;
    const missing = code === 'ERR_MODULE_NOT_FOUND' && String((e as Error).message).includes(file);
    return {
      diagnostics: [
        error('config', missing ? 'config/missing' : 'config/unreadable', missing
          ? 'The site config file does not exist.'
          : `The site config file could not be loaded: ${(e as Error).message}`, {
          file,
          hint: missing ? 'Create it, or pass the right path with --config.' : 'Fix the syntax error; the file must default-export the config object.',
        }),
      ],
    };
  }
  if (raw === undefined) {
    return {
      diagnostics: [error('config', 'config/no-default-export', 'The site config file has no default export.', {
        file, hint: 'Write `export default defineConfig({ … })`.',
      })],
    };
  }
  const parsed = siteConfigSchema.safeParse(raw);
  if (!parsed.success) {
    // One message per config item: a value that breaks two rules is reported once.
    const seen = new Set<string>();
    const issues = parsed.error.issues.filter((i) => {
      const key = `${i.code === 'unrecognized_keys' ? i.keys.join() : ''}@${i.path.join('.')}`;
      return !seen.has(key) && seen.add(key);
    });
    return { diagnostics: issues.map((i) => issueToDiagnostic(i, file)) };
  }
  const diagnostics = checkRules(parsed.data, file);
  return diagnostics.length ? { diagnostics } : { config: parsed.data, diagnostics: [] };
}

/** Cross-field rules of the spec's configuration errors. */
function checkRules(config: SiteConfig, file: string): Diagnostic[] {
  const out: Diagnostic[] = versionRules(config, file);
  const versions = new Set(config.docs.versions.map((v) => v.name));
  config.navbar.items.forEach((item, i) => {
    const where = `navbar.items[${i}]`;
    if (item.type === 'docsVersionDropdown') {
      for (const v of item.versions ?? []) {
        if (!versions.has(v)) {
          out.push(error('config', 'config/unknown-version', `The docs version dropdown at ${where} names the version "${v}", which does not exist.`, {
            file, hint: `Use one of: ${[...versions].join(', ')} (from docs.versions).`,
          }));
        }
      }
    }
    if (item.type === 'link' && !item.href === !item.to) {
      out.push(error('config', 'config/navbar-item', `The navbar item ${where} ("${item.label}") cannot be rendered: a link needs exactly one of "href" or "to".`, {
        file, hint: `Check ${where} in the configuration.`,
      }));
    }
  });
  config.footer.columns.forEach((col, c) => {
    if (!('items' in col)) return;
    col.items.forEach((item, i) => {
      if (!item.href === !item.to) {
        out.push(error('config', 'config/footer-item', `The footer link footer.columns[${c}].items[${i}] ("${item.label}") needs exactly one of "href" or "to".`, { file }));
      }
    });
  });
  for (const p of config.announcementBar ? sanitizeHtmlFragment(config.announcementBar.content).problems : []) {
    out.push(error('config', 'config/unsafe-html', `announcementBar.content contains ${p.what}. The announcement is HTML shown on every page: it may hold only the HTML of the allow-list.`, {
      file, hint: 'Remove it. The allowed elements and attributes are in src/shared/safe-html-schema.ts (links only to http(s), mailto or relative URLs).',
    }));
  }
  return out;
}
