// `react-dom/client` inside the search chunk: the page's (see src/shared/search-host.ts).
import type * as DomTypes from 'react-dom/client';
import { SEARCH_HOST_GLOBAL } from '../../src/shared/search-host.ts';

const host = (globalThis as unknown as Record<string, { createRoot: typeof DomTypes.createRoot }>)[SEARCH_HOST_GLOBAL]!;
export const createRoot = host.createRoot;
