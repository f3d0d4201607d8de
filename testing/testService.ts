import { spawnSync } from 'node:child_process';
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

/** Whether a program a suite needs (LibreOffice, strace) is installed; under CI it must be. */
export function testTool(command: string, what: string): boolean {
  const found = isInstalled(command);
  if (!found && process.env.CI) {
    throw new Error(`CI is set but ${command} is not installed: the ${what} tests cannot run.`);
  }
  if (!found) console.warn(`${command} is not installed: skipping the ${what} tests.`);
  return found;
}

/** Whether a program is on the PATH, for a test that is faster with it and still runs without. */
export function isInstalled(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;
}
