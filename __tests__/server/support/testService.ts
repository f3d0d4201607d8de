/**
 * A real service a suite needs (PostgreSQL, Redis), named by an environment variable that .ci/run
 * sets after starting a throwaway one. Without it the suite is skipped, except under CI, where a
 * skipped suite would leave that path unproven behind a green run: there it fails.
 */
export function testServiceUrl(variable: string, service: string): string | undefined {
  const url = process.env[variable];
  if (!url && process.env.CI) {
    throw new Error(`CI is set but ${variable} is not: the ${service} tests cannot run.`);
  }
  if (!url)
    console.warn(`${variable} is not set: skipping the ${service} tests (.ci/run sets it).`);
  return url;
}

/** describe when the service is there, describe.skip otherwise. */
export const describeWith = (url: string | undefined) => (url ? describe : describe.skip);
