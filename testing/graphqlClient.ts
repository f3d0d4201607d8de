/**
 * POST /graphql without a browser, as the SPA sends it: the XSRF-TOKEN cookie from GET / echoed
 * in X-XSRF-TOKEN, and the body built by the SPA's own buildCreateOnboardingFormBody.
 */
import { buildCreateOnboardingFormBody } from '../src/contract/onboardingQuery';
import {
  graphqlAccept,
  graphqlPath,
  xsrfCookieName,
  xsrfHeaderName,
} from '../src/contract/protocol';
import type { RegistrationValues } from '../src/contract/fields';

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json: unknown;
}

export interface PostOptions {
  /** Replaces the headers the SPA would send (cookie, X-XSRF-TOKEN, content-type). */
  headers?: Record<string, string>;
}

export interface GraphqlClient {
  /** The headers the SPA sends with its POST. */
  readonly headers: Readonly<Record<string, string>>;
  /** Posts a body: an object or array is sent as JSON, a string as it is. */
  post(body: unknown, options?: PostOptions): Promise<Answer>;
  /** Posts the SPA's createOnboardingForm request for these values. */
  submit(registration: RegistrationValues): Promise<Answer>;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export async function readAnswer(response: Response): Promise<Answer> {
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: parseJson(text) };
}

/** Opens the start page for its XSRF-TOKEN cookie: the headers that echo it as the SPA does. */
export async function xsrfHeaders(baseUrl: string) {
  const page = await fetch(`${baseUrl}/`);
  await page.arrayBuffer();
  const cookie = page.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .find((pair) => pair.startsWith(`${xsrfCookieName}=`));
  if (!cookie) throw new Error(`GET / set no ${xsrfCookieName} cookie`);
  return {
    cookie,
    [xsrfHeaderName.toLowerCase()]: cookie.slice(`${xsrfCookieName}=`.length),
    'content-type': 'application/json',
    accept: graphqlAccept,
  };
}

/**
 * A client that has the XSRF cookie, as a browser has once it has opened the page: at `pageUrl`
 * when given (another instance behind the same balancer, which served the page), else at `baseUrl`.
 */
export async function connectGraphql(baseUrl: string, pageUrl = baseUrl): Promise<GraphqlClient> {
  const headers = await xsrfHeaders(pageUrl);

  async function post(body: unknown, options: PostOptions = {}): Promise<Answer> {
    const response = await fetch(`${baseUrl}${graphqlPath}`, {
      method: 'POST',
      headers: options.headers ?? headers,
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return readAnswer(response);
  }

  return {
    headers,
    post,
    submit: (registration) => post(buildCreateOnboardingFormBody(registration)),
  };
}

/** The first name the server echoes for a stored submission, or undefined for anything else. */
export function acknowledgedFirstName(answer: Answer): string | undefined {
  if (answer.status !== 200) return undefined;
  const data = (answer.json as { data?: { createOnboardingForm?: { firstName?: unknown } } })?.data;
  const name = data?.createOnboardingForm?.firstName;
  return typeof name === 'string' ? name : undefined;
}
