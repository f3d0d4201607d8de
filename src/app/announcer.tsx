/**
 * One polite live region for everything announced to assistive technology (the invalid-form
 * message, a dialog's title when it opens). The text goes in shortly after the event, because
 * some screen readers ignore a change made in the same moment as the one that caused it. The
 * message already in the region, announced again, changes nothing there, so it is not read twice.
 */
import { useSyncExternalStore } from 'react';

/** How long after the event the region is filled. */
export const announcerDelayMs = 100;
/** How long a message stays; the same message after that is news again. */
const messageLifetimeMs = 5000;

let message = '';
let fillTimer: ReturnType<typeof setTimeout> | undefined;
let clearTimer: ReturnType<typeof setTimeout> | undefined;
const subscribers = new Set<() => void>();

function show(text: string) {
  message = text;
  subscribers.forEach((notify) => notify());
}

/** Announces `text` politely, 100 ms from now. */
export function announce(text: string): void {
  clearTimeout(fillTimer);
  fillTimer = setTimeout(() => {
    show(text);
    clearTimeout(clearTimer);
    clearTimer = setTimeout(() => show(''), messageLifetimeMs);
  }, announcerDelayMs);
}

function subscribe(notify: () => void) {
  subscribers.add(notify);
  return () => subscribers.delete(notify);
}

/** Mounted once, on every page. */
export function LiveAnnouncer() {
  const text = useSyncExternalStore(
    subscribe,
    () => message,
    () => '',
  );
  return (
    <div id="live-announcer" className="visually-hidden" aria-live="polite" aria-atomic="true">
      {text}
    </div>
  );
}
