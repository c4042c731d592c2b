// Page bodies that need no Markdown: React page modules, example section
// cards and the not-found page. (Markdown bodies come from content/, API
// bodies from render/api/.)
import { createElement, type ComponentType } from 'react';
import { reactDomServer } from '../shared/lazy-packages.ts';
import { Cards, type Card } from '../../templates/content/Cards.tsx';
import { NotFound, type NotFoundProps } from '../../templates/content/NotFound.tsx';
import type { PageModuleProps } from '../content/page-modules.ts';
import type { PageBody } from '../render/body.ts';

export function pageModuleBody(component: ComponentType<PageModuleProps>, props: PageModuleProps, description?: string): PageBody {
  return { title: props.siteTitle, description: description ?? props.tagline, html: reactDomServer().renderToStaticMarkup(createElement(component, props)), toc: [] };
}

export function withCards(body: PageBody, cards: Card[]): PageBody {
  if (!cards.length) return body;
  const html = reactDomServer().renderToStaticMarkup(createElement(Cards, { cards }));
  // Cards are h2s, as on the old site, but they are a list rather than sections of the TOC.
  return { ...body, html: body.html + html };
}

export function notFoundBody(links: NotFoundProps['links']): PageBody {
  return { title: 'Page Not Found', html: reactDomServer().renderToStaticMarkup(createElement(NotFound, { links })), toc: [] };
}
