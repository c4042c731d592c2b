// The search button's behaviour, in the page's own script: the button is a
// link to the globals list (what it does without JavaScript); here a click,
// Ctrl+K / Cmd+K or `/` opens the search dialog instead. The dialog, the
// engine and the index are a separate chunk, imported on first use, or on
// idle after the button is hovered or focused, so a page pays ~1 KB for search.
import * as React from 'react';
import * as jsxRuntime from 'react/jsx-runtime';
import { createRoot } from 'react-dom/client';
import { SEARCH_HOST_GLOBAL, type SearchChunk } from '../src/shared/search-host.ts';

const SLOT = '[data-slot="search"] a';
let chunk: Promise<SearchChunk> | undefined;

function load(script: string): Promise<SearchChunk> {
  (globalThis as Record<string, unknown>)[SEARCH_HOST_GLOBAL] = { React, jsx: jsxRuntime, createRoot };
  chunk ??= (import(/* @vite-ignore */ script) as Promise<SearchChunk>).catch((e: unknown) => {
    chunk = undefined;
    throw e;
  });
  return chunk;
}

const typing = (el: EventTarget | null): boolean =>
  el instanceof HTMLElement && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName));

/** Wires the search button and the shortcuts; `script` and `index` are the chunk's and the index's URLs. */
export function watchSearch(script: string | undefined, index: string | undefined): void {
  if (!script || !index) return;
  const open = (from: Element | null) => {
    const button = document.querySelector<HTMLElement>(SLOT);
    load(script).then(
      (c) => c.openSearch({ indexUrl: index, returnFocus: (from as HTMLElement | null) ?? button }),
      (e: unknown) => {
        // The chunk could not load (offline, a new deploy): the link still leads to the globals list.
        console.warn(`pkidocs: search could not load (${String(e)}).`);
        if (button instanceof HTMLAnchorElement) location.assign(button.href);
      },
    );
  };
  const warm = () => {
    const start = () => load(script).then((c) => c.preloadIndex(index), () => undefined);
    if ('requestIdleCallback' in window) requestIdleCallback(start, { timeout: 2000 });
    else setTimeout(start, 200);
  };
  // Capture phase: before the router takes the click as a navigation.
  document.addEventListener('click', (e) => {
    const a = (e.target as Element | null)?.closest?.(SLOT);
    if (!a || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    e.stopPropagation();
    open(a);
  }, true);
  document.addEventListener('pointerover', (e) => {
    if ((e.target as Element | null)?.closest?.(SLOT)) warm();
  }, { passive: true });
  document.addEventListener('focusin', (e) => {
    if ((e.target as Element | null)?.closest?.(SLOT)) warm();
  });
  document.addEventListener('keydown', (e) => {
    if (e.defaultPrevented || e.isComposing) return;
    const k = e.key.toLowerCase() === 'k' && (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey;
    const slash = e.key === '/' && !e.ctrlKey && !e.metaKey && !e.altKey && !typing(e.target);
    if (!k && !slash) return;
    e.preventDefault();
    open(document.activeElement);
  });
}
