// React page modules under content/pages: `index.tsx` is the home page,
// `foo.tsx` the page at /foo. Each must default-export a component.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { ComponentType } from 'react';
import { error, type Diagnostic } from '../diagnostics/diagnostic.ts';
import { loadSiteModule } from '../shared/site-module.ts';

export interface PageModuleProps {
  siteTitle: string;
  tagline: string;
}

export interface PageModule {
  file: string;
  path: string;
  component: ComponentType<PageModuleProps>;
  /** `export const description = '…'`: the page's meta description (else the site's tagline). */
  description?: string;
  /** The key of what it was compiled from (every file, wherever it is, and how each import resolved): SiteModule.inputs. */
  inputs: string;
}

export function pageModulePath(fileName: string): string {
  const name = fileName.replace(/\.(t|j)sx?$/, '');
  return name === 'index' ? '/' : `/${name}`;
}

/** The page modules of `dir`, compiled into `cacheDir` (see importSiteModule). */
export async function loadPageModules(dir: string, cacheDir: string): Promise<{ modules: PageModule[]; diagnostics: Diagnostic[] }> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((f) => /\.(t|j)sx?$/.test(f)).sort();
  } catch {
    return { modules: [], diagnostics: [] };
  }
  const modules: PageModule[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const name of names) {
    const file = join(dir, name);
    const path = pageModulePath(name);
    const bad = /[#?]/.exec(name);
    if (bad) {
      diagnostics.push(error('content', 'content/bad-file-name', `The page's path "${path}" contains "${bad[0]}", which cannot be part of a URL path (it would start the ${bad[0] === '#' ? 'fragment' : 'query'}).`, {
        file, hint: `Rename the file without "${bad[0]}".`,
      }));
      continue;
    }
    let mod: { default?: unknown; description?: unknown };
    let inputs: string;
    try {
      const loaded = await loadSiteModule(file, cacheDir);
      mod = loaded.exports;
      inputs = loaded.inputs;
    } catch (e) {
      diagnostics.push(error('content', 'content/page-module-load', `The page module could not be loaded: ${(e as Error).message}`, { file, hint: 'Fix the error in the module.' }));
      continue;
    }
    if (typeof mod.default !== 'function') {
      diagnostics.push(error('content', 'content/page-no-default-export',
        `The page component at ${path} doesn't have a default export. This makes it impossible to render anything. Consider default-exporting a React component.`,
        { file, hint: 'Add `export default function Page() { … }` to the module.' }));
      continue;
    }
    const description = typeof mod.description === 'string' && mod.description.trim() ? mod.description.trim() : undefined;
    modules.push({ file, path, component: mod.default as ComponentType<PageModuleProps>, inputs, ...(description ? { description } : {}) });
  }
  return { modules, diagnostics };
}
