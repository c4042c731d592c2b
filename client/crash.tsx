// The crash screen: when rendering throws, the page shows what went wrong
// (the error and its chain of causes) and a Try again button, instead of
// a blank page. The boundary clears when a new view arrives.
import { Component, useEffect, type ReactNode } from 'react';
import { MAIN_CONTENT_ID } from '../src/shared/reserved-ids.ts';

/** The message of an error, then those of its causes. */
export function errorChain(error: unknown): string[] {
  const lines: string[] = [];
  for (let e: unknown = error, depth = 0; e !== undefined && depth < 10; depth++) {
    lines.push(e instanceof Error ? `${depth ? 'Cause: ' : ''}${e.message}` : String(e));
    e = e instanceof Error ? e.cause : undefined;
  }
  return lines;
}

export function CrashScreen({ error, onTryAgain }: { error: unknown; onTryAgain: () => void }) {
  useEffect(() => {
    document.title = 'Page Error';
  }, []);
  return (
    <main className="crash" id={MAIN_CONTENT_ID}>
      <h1>This page crashed.</h1>
      <button type="button" className="button" onClick={onTryAgain}>Try again</button>
      <div className="crash__error">
        {errorChain(error).map((line, i) => <p key={i}>{line}</p>)}
      </div>
    </main>
  );
}

interface BoundaryProps {
  children: ReactNode;
  /** A new value (the next view) clears a crash. */
  resetKey: unknown;
  onTryAgain: () => void;
}

export class CrashBoundary extends Component<BoundaryProps, { error?: unknown; key: unknown }> {
  override state: { error?: unknown; key: unknown } = { key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { key: unknown }) {
    return props.resetKey === state.key ? null : { key: props.resetKey, error: undefined };
  }

  override render() {
    const { error } = this.state;
    return error === undefined ? this.props.children : <CrashScreen error={error} onTryAgain={this.props.onTryAgain} />;
  }
}
