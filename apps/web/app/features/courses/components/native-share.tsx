/**
 * The browser's own share sheet (Web Share API) for a course, where the browser has one: a list
 * item of share-course.tsx, loaded after hydration (never in the prerendered page, so not needed
 * for the first paint: the course pages' budget).
 */
import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};
const hasWebShare = () => typeof navigator.share === 'function';
/** Prerendered without the button; hydration adds it where the browser can share. */
const noWebShareWhilePrerendering = () => false;

export default function NativeShare({ title, text, url }: ShareData) {
  const canShare = useSyncExternalStore(noSubscription, hasWebShare, noWebShareWhilePrerendering);
  if (!canShare) return null;
  const share = () => {
    navigator.share({ title, text, url }).catch(() => {
      // Dismissed by the person, or refused by the browser: nothing to do.
    });
  };
  return (
    <li>
      <button type="button" className="btn btn-outline" onClick={share}>
        Compartilhar…
      </button>
    </li>
  );
}
