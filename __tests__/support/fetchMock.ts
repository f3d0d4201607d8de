import { validValues } from '../../testing/registrations';

export const graphqlSuccess = { data: { createOnboardingForm: validValues } };

/** Replaces fetch with one answering every request with `body` and `status`. */
export function mockFetchResponse(body: unknown, status = 200) {
  return jest.spyOn(globalThis, 'fetch').mockImplementation(
    async () =>
      new Response(JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      }),
  );
}

/** The parsed JSON body of the request a fetch mock received. */
export async function requestBody(fetchMock: jest.SpyInstance, call = 0) {
  const request = fetchMock.mock.calls[call][0] as Request;
  return JSON.parse(await request.clone().text());
}
