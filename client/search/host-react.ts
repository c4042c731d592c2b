// `react` inside the search chunk: the page's React (see src/shared/search-host.ts).
import type * as ReactTypes from 'react';
import { SEARCH_HOST_GLOBAL } from '../../src/shared/search-host.ts';

const host = (globalThis as unknown as Record<string, { React: typeof ReactTypes }>)[SEARCH_HOST_GLOBAL]!;
export const { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, Fragment } = host.React;
export default host.React;
