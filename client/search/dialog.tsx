// The search dialog: a modal with a combobox (the input) and a listbox of
// results grouped as API / Examples / Docs, after the WAI-ARIA combobox
// pattern. ↑/↓ move the active option (aria-activedescendant), Enter opens
// it through the site's client navigation, Esc closes and gives the focus
// back. With an empty query it lists the recent searches.
import { useEffect, useMemo, useRef, useState } from 'react';
import type { SearchGroup, SearchRecord } from '../../src/shared/search-index.ts';
import { queryTerms, type GroupedHits, type SearchEngine } from './engine.ts';
import { addRecent, readRecent, type Recent } from './recent.ts';
import { highlight } from './snippet.ts';

export type EngineState = { status: 'loading' } | { status: 'ready'; engine: SearchEngine } | { status: 'error'; message: string };

const GROUP_LABELS: Record<SearchGroup | 'recent', string> = { api: 'API', examples: 'Examples', docs: 'Docs', recent: 'Recent searches' };
const KIND_LABELS: Record<string, string> = {
  class: 'class', interface: 'interface', enum: 'enum', typeAlias: 'type', function: 'function', variable: 'variable',
  constructor: 'constructor', property: 'property', accessor: 'accessor', method: 'method', enumMember: 'member', page: 'page', section: 'section',
};

interface Option {
  /** Unique in the list (two results may share a link: a member and the site note on it), and safe in an id. */
  key: string;
  record: Recent & { text?: string; version?: string };
  terms: string[];
}

interface Section {
  group: SearchGroup | 'recent';
  options: Option[];
}

/** On a site with more than one docs version: whether every version is searched, not only the one being read. */
export interface SearchScope {
  all: boolean;
  onChange: (all: boolean) => void;
}

export function SearchDialog({ state, onClose, initialQuery = '', scope }: { state: EngineState; onClose: () => void; initialQuery?: string; scope?: SearchScope }) {
  const [query, setQuery] = useState(initialQuery);
  const [active, setActive] = useState(0);
  const [recent, setRecent] = useState(readRecent);
  const input = useRef<HTMLInputElement>(null);

  const sections = useMemo((): Section[] => {
    if (!query.trim()) return recent.length ? [{ group: 'recent', options: recent.map((r, i) => ({ key: `recent-${i}`, record: r, terms: [] })) }] : [];
    if (state.status !== 'ready') return [];
    const words = queryTerms(query);
    return state.engine.grouped(query).map((g: GroupedHits) => ({
      group: g.group,
      // Mark what was typed; an index term only when it is not a longer form of it (a typo's correction).
      options: g.hits.map((h) => ({ key: `hit-${h.record.id}`, record: h.record, terms: [...words, ...h.terms.filter((t) => !words.some((w) => t.startsWith(w)))] })),
    }));
  }, [query, state, recent]);
  const options = sections.flatMap((s) => s.options);
  const current = options[Math.min(active, options.length - 1)];

  useEffect(() => setActive(0), [query, state.status]);
  useEffect(() => input.current?.focus(), []);
  useEffect(() => {
    if (current) document.getElementById(optionId(current))?.scrollIntoView({ block: 'nearest' });
  }, [current]);

  const remember = (option: Option) => {
    if ('id' in option.record) setRecent(addRecent(option.record as SearchRecord));
  };
  const go = (option: Option | undefined) => {
    if (!option) return;
    remember(option);
    onClose();
    navigate(option.record.href);
  };

  const onKeyDown = (e: React.KeyboardEvent) => {
    // The keys that drive an input method's composition (Enter accepts the converted text) are its own.
    if (e.nativeEvent.isComposing || e.keyCode === 229) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!options.length) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (Math.min(i, options.length - 1) + step + options.length) % options.length);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      go(current);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      onClose();
    } else if (e.key === 'Tab') {
      // Focus stays in the dialog: the input, the versions toggle (when there is one) and the close button, in turn.
      const stops = [...(e.currentTarget as HTMLElement).querySelectorAll<HTMLElement>('.search-dialog__input, .search-dialog__scope input, .search-dialog__close')];
      e.preventDefault();
      const at = stops.indexOf(document.activeElement as HTMLElement);
      stops[(at + (e.shiftKey ? -1 : 1) + stops.length) % stops.length]?.focus();
    }
  };

  const status = !query.trim()
    ? recent.length ? '' : 'Search classes, members, examples and guides.'
    : state.status === 'loading' ? 'Loading the search index…'
    : state.status === 'error' ? `Search is unavailable: ${state.message}`
    : options.length ? `${options.length} result${options.length === 1 ? '' : 's'}` : `No results for “${query.trim()}”.`;

  return (
    <div className="search-overlay" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div className="search-dialog" role="dialog" aria-modal="true" aria-label="Search the documentation" onKeyDown={onKeyDown}>
        <div className="search-dialog__bar">
          <svg className="search-dialog__icon" width="18" height="18" viewBox="0 0 24 24" aria-hidden="true"><path fill="currentColor" d="M10 2a8 8 0 0 1 6.32 12.9l5.39 5.4-1.42 1.4-5.39-5.38A8 8 0 1 1 10 2Zm0 2a6 6 0 1 0 0 12 6 6 0 0 0 0-12Z" /></svg>
          <input
            ref={input}
            className="search-dialog__input"
            type="search"
            role="combobox"
            aria-label="Search the documentation"
            aria-expanded={options.length > 0}
            aria-controls="__pkidocs-search-listbox"
            aria-autocomplete="list"
            aria-activedescendant={current ? optionId(current) : undefined}
            autoComplete="off"
            autoCorrect="off"
            autoCapitalize="off"
            spellCheck={false}
            enterKeyHint="go"
            placeholder="Search the docs"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
          {scope && (
            <label className="search-dialog__scope">
              <input type="checkbox" checked={scope.all} onChange={(e) => scope.onChange(e.target.checked)} />
              All versions
            </label>
          )}
          <button type="button" className="search-dialog__close" onClick={onClose}>Esc<span className="sr-only"> (close search)</span></button>
        </div>
        <div className="search-dialog__results" id="__pkidocs-search-listbox" role="listbox" aria-label="Search results" data-query={query}>
          {sections.map((s) => (
            <div key={s.group} role="group" aria-labelledby={`__pkidocs-search-group-${s.group}`} className="search-group">
              <div role="presentation" id={`__pkidocs-search-group-${s.group}`} className="search-group__label">{GROUP_LABELS[s.group]}</div>
              {s.options.map((o) => (
                // A real link (an `a[href]` may take the option role), so a middle-click, Ctrl/Cmd+click
                // or the context menu opens the result in a new tab as on any other link.
                <a
                  key={o.key}
                  id={optionId(o)}
                  role="option"
                  tabIndex={-1}
                  href={o.record.href}
                  aria-selected={o === current}
                  data-href={o.record.href}
                  className={`search-option${o === current ? ' search-option--active' : ''}`}
                  onMouseMove={() => o !== current && setActive(options.indexOf(o))}
                  onClick={(e) => {
                    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return remember(o);
                    e.preventDefault();
                    go(o);
                  }}
                  onAuxClick={(e) => e.button === 1 && remember(o)}
                >
                  <span className="search-option__kind">{KIND_LABELS[o.record.kind] ?? o.record.kind}</span>
                  <span className="search-option__main">
                    <span className="search-option__title">
                      {o.record.owner && <span className="search-option__owner">{o.record.owner} › </span>}
                      <Marked parts={highlight(o.record.name, o.terms, 200)} />
                      {o.record.version && <span className="search-option__version">{o.record.version}</span>}
                    </span>
                    {o.record.text && <span className="search-option__text"><Marked parts={highlight(o.record.text, o.terms)} /></span>}
                  </span>
                </a>
              ))}
            </div>
          ))}
        </div>
        <p className="search-dialog__status" role="status" aria-live="polite">{status}</p>
        <p className="search-dialog__keys" aria-hidden="true"><kbd>↑</kbd><kbd>↓</kbd> move <kbd>Enter</kbd> open <kbd>Esc</kbd> close</p>
      </div>
    </div>
  );
}

function Marked({ parts }: { parts: ReturnType<typeof highlight> }) {
  return <>{parts.map((p, i) => (p.hit ? <mark key={i}>{p.text}</mark> : p.text))}</>;
}

function optionId(o: Option): string {
  return `__pkidocs-search-option-${o.key}`;
}

/** Opens a page the way a click on a link does, so the site's router takes it (no full page load). */
function navigate(href: string): void {
  const a = document.createElement('a');
  a.href = href;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
}
