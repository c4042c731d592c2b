// The inline <head> script: it runs before the first paint, so a dark-mode
// reader never sees a light flash, a dismissed announcement never blinks,
// and CSS that needs JavaScript (tab panels, the mobile menu) knows it runs.
import { scriptJson } from './script-json.ts';
import { htmlSuffixScript } from './html-suffix-script.ts';
import { ANNOUNCEMENT_DISMISS_KEY, ANNOUNCEMENT_ID_KEY, THEME_KEY } from './storage-keys.ts';

export interface ColorModeConfig {
  defaultMode: 'light' | 'dark';
  disableSwitch: boolean;
  respectPrefersColorScheme: boolean;
}

export interface HeadScriptInput {
  colorMode: ColorModeConfig;
  /** Id of the configured announcement bar, if any. */
  announcementId?: string;
  /** The configured base URL and the route path of this page, for the base-URL check. */
  baseUrl: string;
  path: string;
  /** The not-found page: it also turns `/x.html` into the route `/x` (html-suffix-script.ts). */
  notFound?: boolean;
}

/** Every value put in the inline script goes through the one serialiser. */
const js = scriptJson;

/**
 * Sets data-theme (the mode shown) and data-theme-choice (light, dark or
 * system; without the system preference it is the mode shown) on <html>.
 */
export function themeScript(c: ColorModeConfig): string {
  if (c.disableSwitch) {
    // Fixed mode: a choice stored by an earlier version of the site is dropped.
    return `try{localStorage.removeItem(${js(THEME_KEY)})}catch(e){}d.setAttribute('data-theme',${js(c.defaultMode)});`;
  }
  const system = c.respectPrefersColorScheme ? `matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light'` : js(c.defaultMode);
  return `var t;try{t=localStorage.getItem(${js(THEME_KEY)})}catch(e){}var m=t==='light'||t==='dark'?t:${system};`
    + `d.setAttribute('data-theme',m);d.setAttribute('data-theme-choice',${c.respectPrefersColorScheme ? `t===m?t:'system'` : 'm'});`;
}

/** Hides the announcement bar before paint when this announcement id was dismissed. */
export function announcementScript(id: string): string {
  return `try{if(localStorage.getItem(${js(ANNOUNCEMENT_ID_KEY)})===${js(id)}&&localStorage.getItem(${js(ANNOUNCEMENT_DISMISS_KEY)})==='true')d.setAttribute('data-announcement-dismissed','')}catch(e){}`;
}

/**
 * When the page is opened under a path outside the configured base URL, the
 * site's assets are usually missing, so this check cannot live in the bundle:
 * it inserts a banner (styled inline) naming the configured base URL and the
 * one the page was actually served under.
 */
export function baseUrlScript(baseUrl: string, path: string): string {
  return `addEventListener('DOMContentLoaded',function(){var p=location.pathname;if(p.indexOf(${js(baseUrl)})===0)return;`
    + `var r=${js(path === '/' ? '' : path)},s=p.replace(/\\/index\\.html$|\\.html$|\\/$/,''),i=s.slice(s.length-r.length)===r?s.length-r.length:s.lastIndexOf('/');`
    + `var b=document.createElement('div');b.id='base-url-issue';b.setAttribute('role','alert');`
    + `b.style.cssText='padding:16px 20px;background:#fff3cd;color:#4d3800;border-bottom:2px solid #e0b400;font:16px/1.5 system-ui,sans-serif';`
    + `b.textContent='This site did not load properly. It is configured for the base URL '+${js(baseUrl)}+' but was opened at '+p+'. Try setting baseUrl to '+(s.slice(0,i)+'/')+' in the site config.';`
    + `document.body.prepend(b)});`;
}

export function headScript(input: HeadScriptInput): string {
  return `(function(d){d.classList.add('js');${themeScript(input.colorMode)}`
    + `${input.announcementId ? announcementScript(input.announcementId) : ''}`
    + `${input.baseUrl !== '/' ? baseUrlScript(input.baseUrl, input.path) : ''}`
    + `${input.notFound ? htmlSuffixScript(input.baseUrl) : ''}})(document.documentElement)`;
}
