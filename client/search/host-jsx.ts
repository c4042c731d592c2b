// `react/jsx-runtime` inside the search chunk: the page's (see src/shared/search-host.ts).
import type * as JsxTypes from 'react/jsx-runtime';
import { SEARCH_HOST_GLOBAL } from '../../src/shared/search-host.ts';

const host = (globalThis as unknown as Record<string, { jsx: typeof JsxTypes }>)[SEARCH_HOST_GLOBAL]!;
export const { jsx, jsxs, Fragment } = host.jsx;
