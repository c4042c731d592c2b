// The colour mode is applied by a tiny inline script in <head>, before the
// first paint, so a dark-mode reader never sees a light flash.
import { THEME_KEY } from './storage-keys.ts';

export interface ColorModeConfig {
  defaultMode: 'light' | 'dark';
  disableSwitch: boolean;
  respectPrefersColorScheme: boolean;
}

export function themeScript(c: ColorModeConfig): string {
  const k = JSON.stringify(THEME_KEY);
  if (c.disableSwitch) {
    // Fixed mode: a choice stored by an earlier version of the site is dropped.
    return `try{localStorage.removeItem(${k})}catch(e){}document.documentElement.setAttribute('data-theme',${JSON.stringify(c.defaultMode)})`;
  }
  const sys = c.respectPrefersColorScheme
    ? `matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light'`
    : JSON.stringify(c.defaultMode);
  return `(function(){var t;try{t=localStorage.getItem(${k})}catch(e){}var d=document.documentElement;d.setAttribute('data-theme-choice',t||'system');d.setAttribute('data-theme',t==='light'||t==='dark'?t:${sys})})()`;
}
