// The site's base URL for the layout's links: Layout provides it from the
// site view, each link takes it through useHref(), so the server's markup and
// the client's renders agree. Content HTML gets it at build time instead
// (src/render/html-urls.ts).
import { createContext, useContext } from 'react';
import { withBase } from '../../src/shared/base-url.ts';

export const BaseUrl = createContext('/');

/** Turns a route path (`/docs/x`) into the URL the browser needs (`/PKI.js/docs/x`). */
export function useHref(): (href: string) => string {
  const base = useContext(BaseUrl);
  return (href) => withBase(base, href);
}
