/**
 * The event the app dispatches on the document once it has taken the prerendered form over; the
 * page's inline script (keepEarlyPresses.ts) then hands it the presses it kept.
 */
export const formTakenOverEvent = 'registration-form-taken-over';
