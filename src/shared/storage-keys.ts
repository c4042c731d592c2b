// Local-storage keys the site uses; fixed by the spec so that preferences
// stored by the previous site keep working.
export const THEME_KEY = 'theme';
export const ANNOUNCEMENT_DISMISS_KEY = 'docusaurus.announcement.dismiss';
export const ANNOUNCEMENT_ID_KEY = 'docusaurus.announcement.id';
export const docsVersionKey = (pluginId = 'default'): string => `docs-preferred-version-${pluginId}`;
export const TABS_KEY_PREFIX = 'docusaurus.tab.';
/** The results last opened from search (JSON, newest first). */
export const SEARCH_RECENT_KEY = 'pkidocs.search.recent';
