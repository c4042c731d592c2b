import { describe, expect, it } from 'vitest';
import { siteConfigSchema } from '../../../src/config/schema.ts';
import { siteView } from '../../../src/render/site-view.ts';
import real from '../../../content/site.config.ts';

describe('siteView under a base URL', () => {
  it('gives the announcement’s links the base, as content links get it', () => {
    const config = siteConfigSchema.parse({ ...real, baseUrl: '/PKI.js/', announcementBar: { id: 'a', content: 'See <a href="/docs/installation">the guide</a> or <a href="https://e.org/">e</a>' } });
    expect(siteView(config, {}).announcement?.content).toBe('See <a href="/PKI.js/docs/installation">the guide</a> or <a href="https://e.org/">e</a>');
    expect(siteView(config, {}).baseUrl).toBe('/PKI.js/');
  });
});
