// A plain static host answers `/docs/installation.html` with 404.html. The
// spec normalises such a path to the route without `.html` or `/index.html`,
// so the not-found page's head script asks for that route's navigation chunk
// (it exists for every route and only for routes): when it is there, the page
// is replaced by the route (its URL replaces the asked one in history); when
// not, the not-found page shows. The page stays hidden meanwhile, so the
// reader never sees "Page Not Found" flash before the right page. It is an
// inline script, so it works whether or not the page's bundle loads. Runs of
// slashes are one: a host that merges them answers `//docs/x.html` with this
// page, and `//docs/x` as a URL would be another host (an open redirect).
import { scriptJson } from './script-json.ts';
import { ASSET_DIR } from './paths.ts';

/** Every value put in the inline script goes through the one serialiser. */
const js = scriptJson;

export function htmlSuffixScript(base: string): string {
  return `var p=location.pathname,m=/(\\/index)?\\.html$/.exec(p);if(m){var t=p.slice(0,m.index).replace(/\\/{2,}/g,'/')||'/',b=${js(base)};`
    + `if(t.indexOf(b)===0||t+'/'===b){var r=t.length<b.length?'/':t.slice(b.length-1);`
    + `var c=b+${js(ASSET_DIR)}+'/chunks'+(r==='/'?'/index':r)+'.json';d.style.visibility='hidden';`
    + `var show=function(){d.style.visibility=''};setTimeout(show,3000);`
    + `fetch(c).then(function(x){if(x.ok)location.replace(t+location.search+location.hash);else show()},show)}}`;
}
