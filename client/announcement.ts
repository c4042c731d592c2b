// The announcement bar stays until the reader closes it. The dismissal and
// the id it applies to are stored; a new announcement id shows the bar again.
import { useEffect, useState } from 'react';
import { ANNOUNCEMENT_DISMISS_KEY, ANNOUNCEMENT_ID_KEY } from '../src/shared/storage-keys.ts';
import { storage } from './storage.ts';

export function useAnnouncement(id: string | undefined): { visible: boolean; dismiss: () => void } {
  // Rendered like the server on the first pass; the head script hid a dismissed bar before paint.
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    if (!id) return;
    if (storage.get(ANNOUNCEMENT_ID_KEY) !== id) {
      storage.set(ANNOUNCEMENT_ID_KEY, id);
      storage.set(ANNOUNCEMENT_DISMISS_KEY, 'false');
    }
    setVisible(storage.get(ANNOUNCEMENT_DISMISS_KEY) !== 'true');
  }, [id]);
  const dismiss = (): void => {
    storage.set(ANNOUNCEMENT_DISMISS_KEY, 'true');
    setVisible(false);
  };
  return { visible, dismiss };
}
