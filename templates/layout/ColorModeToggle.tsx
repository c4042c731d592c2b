export type ColorChoice = 'light' | 'dark' | 'system';

export interface ColorModeToggleProps {
  /** The reader's choice; undefined until the client has read it (and on the server). */
  choice?: ColorChoice;
  onToggle?: () => void;
}

/**
 * All three icons are rendered; CSS shows the one matching the choice that
 * the head script put on <html>, so the server markup never depends on
 * the reader's stored preference. Disabled until the client takes over.
 */
export function ColorModeToggle({ choice, onToggle }: ColorModeToggleProps) {
  const label = `Switch between dark and light mode${choice ? ` (currently ${choice === 'system' ? 'system' : choice} mode)` : ''}`;
  return (
    <button type="button" className="colour-toggle" aria-label={label} title={label} disabled={!choice} onClick={onToggle}>
      <svg className="colour-toggle__light" width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
        <circle cx="12" cy="12" r="4" />
        <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
      </svg>
      <svg className="colour-toggle__dark" width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
        <path d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5Z" />
      </svg>
      <svg className="colour-toggle__system" width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
        <path d="M3 5h18v11H3zM8 20h8M12 16v4" />
      </svg>
    </button>
  );
}
