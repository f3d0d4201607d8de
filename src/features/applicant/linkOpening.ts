/**
 * The link's first requests, sent by the page's first, small script (src/applicantOpening.ts)
 * while the rest of its script is still coming over a slow network: the token, taken out of the
 * address at once, is exchanged for a session, then the registration is read. The page takes
 * their answers when it gets there (awaitLinkOpening, and the API slice's first read of the
 * registration) instead of asking again: two round trips fewer after its script has come.
 */
import { xsrfHeaderFor } from '../../api/xsrf';
import type { TokenBody } from '../../contract/applicantApiSchemas';
import { applicantApiPath, applicantPagePath } from '../../contract/applicantPaths';

const sessionUrl = `${applicantApiPath}/session`;
const registrationUrl = `${applicantApiPath}/registration`;

/** The exchange of the address's token for a session; none when the address has no token. */
let sessionAnswer: Promise<Response> | undefined;
/** The first read of the registration: resolves to undefined when the link opened no session. */
let registrationAnswer: Promise<Response | undefined> | undefined;

let markStarted: () => void;
/**
 * Resolves once the page's first script has started the opening (startOpeningLink). Async, that
 * script runs as soon as it has come: mostly long before the rest of the page's script, but on a
 * fast network the rest may run first, and then waits for it here.
 */
export const linkOpeningStarted = new Promise<void>((resolve) => (markStarted = resolve));

/** `/my/<token>` → the token, else undefined. */
const tokenIn = (pathname: string) =>
  pathname.startsWith(`${applicantPagePath}/`)
    ? decodeURIComponent(pathname.slice(applicantPagePath.length + 1)) || undefined
    : undefined;

/**
 * Takes the token out of the address (replacing the history entry, so Back does not bring it
 * back) before anything reads it, then sends the token and, once it has opened a session (or
 * there was no token: an earlier one may be open), the read of the registration.
 */
export function startOpeningLink(): void {
  const token = tokenIn(window.location.pathname);
  if (token) window.history.replaceState(null, '', applicantPagePath);
  sessionAnswer = token
    ? fetch(sessionUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...xsrfHeaderFor('POST', sessionUrl) },
        body: JSON.stringify({ token } satisfies TokenBody),
      })
    : undefined;
  registrationAnswer = (sessionAnswer ?? Promise.resolve(undefined)).then(
    (session) => (!session || session.ok ? fetch(registrationUrl) : undefined),
    () => undefined,
  );
  // Its failure is the page's to show, when it takes the answer.
  registrationAnswer.catch(() => {});
  markStarted();
}

/** The answer to the token's exchange, once: undefined when there was no token to open. */
export function takeSessionAnswer(): Promise<Response> | undefined {
  const answer = sessionAnswer;
  sessionAnswer = undefined;
  return answer;
}

/**
 * The answer already on its way for this request, once: the first read of the registration. A
 * link that opened no session sent none, and the request goes out as it is.
 */
export function takeEarlyAnswer(request: RequestInfo): Promise<Response> | undefined {
  // fetchBaseQuery sends a Request, its address resolved against the page's.
  if (typeof request === 'string' || request.method !== 'GET') return;
  if (new URL(request.url).pathname !== registrationUrl) return;
  const answer = registrationAnswer;
  registrationAnswer = undefined;
  return answer?.then((response) => response ?? fetch(request));
}
