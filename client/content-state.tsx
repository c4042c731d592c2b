// What the content area shows while a page's content is not there yet: the
// current content for the first 200 ms, then a spinner; a red box with the
// error and a Retry button when loading failed. There is no timeout.
import type { ReactNode } from 'react';
import type { ContentState } from './router.ts';

export function contentOverride(state: ContentState, onRetry: () => void): ReactNode {
  if (state.status === 'spinner') {
    return (
      <div className="loading" role="status">
        <span className="loading__spinner" aria-hidden="true" />
        <span className="sr-only">Loading…</span>
      </div>
    );
  }
  if (state.status === 'error') {
    return (
      <div className="load-error" role="alert">
        <p>{state.message}</p>
        <button type="button" className="button" onClick={onRetry}>Retry</button>
      </div>
    );
  }
  return undefined;
}
