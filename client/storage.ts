// localStorage that never throws. When the browser refuses storage (privacy
// settings, sandboxed frames), one warning is logged and a store kept in
// memory takes its place: it starts empty and lasts as long as the page, so
// preferences work but are not remembered.
type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

let store: Store | undefined;

function memoryStore(): Store {
  const items = new Map<string, string>();
  return {
    getItem: (k) => items.get(k) ?? null,
    setItem: (k, v) => void items.set(k, String(v)),
    removeItem: (k) => void items.delete(k),
  };
}

function local(): Store {
  if (!store) {
    try {
      const ls = window.localStorage;
      ls.getItem('');
      store = ls;
    } catch (e) {
      console.warn(`pkidocs: browser storage is unavailable, so preferences will not be remembered (${String(e)}).`);
      store = memoryStore();
    }
  }
  return store;
}

export const storage = {
  get(key: string): string | null {
    try {
      return local().getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      local().setItem(key, value);
    } catch {
      // Storage is full: the preference lasts for this page only.
    }
  },
  remove(key: string): void {
    try {
      local().removeItem(key);
    } catch {
      // As above.
    }
  },
};
