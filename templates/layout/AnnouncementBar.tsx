import type { SiteView } from '../../src/shared/view.ts';

type Announcement = NonNullable<SiteView['announcement']>;

export function AnnouncementBar({ announcement, onDismiss }: { announcement: Announcement; onDismiss?: () => void }) {
  return (
    <div className="announcement" role="banner" data-announcement-id={announcement.id} style={{ backgroundColor: announcement.backgroundColor, color: announcement.textColor }}>
      {/* Content is the site author's own HTML from the config. */}
      <div className="announcement__content" dangerouslySetInnerHTML={{ __html: announcement.content }} />
      {announcement.isCloseable && (
        <button type="button" className="announcement__close" aria-label="Close" onClick={onDismiss}>
          ×
        </button>
      )}
    </div>
  );
}
