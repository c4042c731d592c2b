// The colour-mode toggle's state. The head script already applied the stored
// choice before paint; this hook takes over after hydration: it cycles the
// choice, stores it under `theme`, follows the system preference and picks
// up changes made in other tabs.
import { useEffect, useState } from 'react';
import { THEME_KEY } from '../src/shared/storage-keys.ts';
import type { ColorModeConfig } from '../src/shared/theme-script.ts';
import type { ColorChoice } from '../templates/layout/ColorModeToggle.tsx';
import { storage } from './storage.ts';

type Mode = 'light' | 'dark';

/** light → dark → system when the system preference is respected; light ↔ dark otherwise. */
export function nextChoice(choice: ColorChoice, shown: Mode, respectSystem: boolean): ColorChoice {
  if (!respectSystem) return shown === 'dark' ? 'light' : 'dark';
  return choice === 'light' ? 'dark' : choice === 'dark' ? 'system' : 'light';
}

const darkQuery = (): MediaQueryList => matchMedia('(prefers-color-scheme: dark)');

/** Reads the stored choice and applies it to <html>, as the head script does. */
function apply(config: ColorModeConfig): { choice: ColorChoice; shown: Mode } {
  const stored = storage.get(THEME_KEY);
  const explicit = stored === 'light' || stored === 'dark' ? stored : undefined;
  const system: Mode = config.respectPrefersColorScheme ? (darkQuery().matches ? 'dark' : 'light') : config.defaultMode;
  const shown = explicit ?? system;
  const choice: ColorChoice = explicit ?? (config.respectPrefersColorScheme ? 'system' : shown);
  document.documentElement.setAttribute('data-theme', shown);
  document.documentElement.setAttribute('data-theme-choice', choice);
  return { choice, shown };
}

export function useColourMode(config: ColorModeConfig): { choice?: ColorChoice; onToggle?: () => void } {
  const [choice, setChoice] = useState<ColorChoice>();
  useEffect(() => {
    if (config.disableSwitch) return;
    const update = (): void => setChoice(apply(config).choice);
    const onStorage = (e: StorageEvent): void => {
      if (e.key === THEME_KEY || e.key === null) update();
    };
    const query = darkQuery();
    update();
    query.addEventListener('change', update);
    addEventListener('storage', onStorage);
    return () => {
      query.removeEventListener('change', update);
      removeEventListener('storage', onStorage);
    };
  }, [config]);
  if (config.disableSwitch || !choice) return {};
  const onToggle = (): void => {
    const shown = document.documentElement.getAttribute('data-theme') === 'dark' ? 'dark' : 'light';
    const next = nextChoice(choice, shown, config.respectPrefersColorScheme);
    if (next === 'system') storage.remove(THEME_KEY);
    else storage.set(THEME_KEY, next);
    setChoice(apply(config).choice);
  };
  return { choice, onToggle };
}
