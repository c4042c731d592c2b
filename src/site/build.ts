// A whole build, as `pkidocs build` runs it: one SiteBuilder, one run, the
// output folder's lock released whatever happens.
import { SiteBuilder } from './builder.ts';
import type { BuildOptions, BuildStats } from './types.ts';

export type { BuildOptions, BuildStats };

export async function build(options: BuildOptions): Promise<BuildStats> {
  const builder = new SiteBuilder(options);
  try {
    const { pages, sitePages, links, bytes, unchanged, written, linked, ms } = await builder.build();
    return { pages, sitePages, links, bytes, unchanged, written, linked, ms };
  } finally {
    await builder.close();
  }
}
