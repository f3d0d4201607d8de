/**
 * A press in progress (mouse, finger or pen: each sends mousedown and mouseup), so that what it
 * sets off can wait until it is over. Leaving a field shows its message, which moves what is below;
 * were that to happen between press and release, the release would land beside the button pressed
 * and its click would be lost. Nothing waits when no press is in progress (a key, a screen reader).
 */
let pressing = false;
let waiting: (() => void)[] = [];

// A drag (of selected text, say) ends without a mouseup.
const pressEvents = ['mousedown', 'mouseup', 'dragend'];

function followPress(event: Event) {
  pressing = event.type === 'mousedown';
  if (pressing) return;
  const actions = waiting;
  waiting = [];
  // The click comes in the same task as the release: these run after it.
  setTimeout(() => actions.forEach((action) => action()));
}

/** Follows the presses on the whole page; returns the cleanup. */
export function trackPresses(): () => void {
  pressEvents.forEach((type) => document.addEventListener(type, followPress, true));
  return () => pressEvents.forEach((type) => document.removeEventListener(type, followPress, true));
}

/** Runs `action` now, or once the press in progress has been released and its click handled. */
export function afterPress(action: () => void): void {
  if (pressing) waiting.push(action);
  else action();
}
