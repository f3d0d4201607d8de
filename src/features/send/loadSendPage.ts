/**
 * The send step's code, which the form does not need: fetched on demand. The submit fetches it
 * before leaving the form, so that when it cannot arrive (offline, say) the form stays, with a
 * message, rather than giving way to the crash notice.
 */
export const loadSendPage = () => import('./SendPage.js');
