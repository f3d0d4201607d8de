/**
 * Start-up failures as one line that names the setting and what to do, instead of Node's stack
 * trace: a port in use or refused, an address this machine does not have.
 */
import net from 'node:net';

/** A start-up failure whose message is meant for the person starting the server. */
export class StartupError extends Error {
  override name = 'StartupError';
}

/** The one line printed when the start fails: any error's message, on one line. */
export function startupFailureLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return `Cannot start: ${message.replace(/\s+/g, ' ').trim()}`;
}

/** The listen error of `setting` (PORT, METRICS_PORT) as a StartupError, or the error as it is. */
export function listenFailure(
  error: unknown,
  setting: string,
  port: number,
  host: string,
): unknown {
  switch ((error as NodeJS.ErrnoException).code) {
    case 'EADDRINUSE':
      return new StartupError(
        `${setting} ${port} is already in use on ${host}: stop the program listening there, ` +
          `or set ${setting} to a free port (each server on this host needs its own).`,
      );
    case 'EACCES':
      return new StartupError(
        `${setting} ${port} needs privileges this user does not have: set ${setting} to a ` +
          'port above 1023.',
      );
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
      return new StartupError(
        `HOST ${host} is not an address of this machine: set HOST to one of its addresses, ` +
          'or 0.0.0.0 for all of them.',
      );
    default:
      return error;
  }
}

/**
 * Binds `port` on `host` and lets it go at once: a port in use stops the start before anything
 * opens DATA_DIR. Port 0 (any free port) is always free.
 */
export async function checkPortFree(setting: string, port: number, host: string): Promise<void> {
  if (port === 0) return;
  const probe = net.createServer();
  try {
    await new Promise<void>((resolve, reject) => {
      probe.once('error', reject);
      probe.listen({ port, host }, resolve);
    });
  } catch (error) {
    throw listenFailure(error, setting, port, host);
  }
  await new Promise((resolve) => probe.close(resolve));
}
