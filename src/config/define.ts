// defineConfig, apart from the schema: a site config imports only this file,
// so loading the config does not load zod a second time beside the CLI's own.
import type { SiteConfigInput } from './schema.ts';

export type { SiteConfigInput };

/** Identity helper that gives config files type checking and completion. */
export function defineConfig(config: SiteConfigInput): SiteConfigInput {
  return config;
}
