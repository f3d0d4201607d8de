/**
 * A clock for the server's process that a test moves forward: Debian's libfaketime, preloaded,
 * reads the offset from a file (at most once a second), while timers keep the real monotonic
 * clock. Needs the faketime package.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const libraryName = 'faketime/libfaketime.so.1';

/** The preloaded library under /usr/lib/<architecture>/, where the faketime package puts it. */
function libfaketime(): string {
  for (const directory of fs.readdirSync('/usr/lib')) {
    const library = path.join('/usr/lib', directory, libraryName);
    if (fs.existsSync(library)) return library;
  }
  throw new Error(`${libraryName} is not installed (apt-get install faketime)`);
}

export interface FakedClock {
  /** For the server: its clock runs this many minutes ahead of the real one. */
  readonly env: Record<string, string>;
  /** Moves the server at `url` forward, resolving once its answers' Date header shows it. */
  advance(minutes: number, url: string): Promise<void>;
  dispose(): void;
}

export function fakedClock(): FakedClock {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'faked-clock-'));
  const offsetFile = path.join(directory, 'offset');
  let offsetMinutes = 0;
  fs.writeFileSync(offsetFile, '+0\n');
  return {
    env: {
      LD_PRELOAD: libfaketime(),
      FAKETIME_TIMESTAMP_FILE: offsetFile,
      FAKETIME_CACHE_DURATION: '1',
      FAKETIME_DONT_FAKE_MONOTONIC: '1',
    },
    async advance(minutes, url) {
      offsetMinutes += minutes;
      fs.writeFileSync(offsetFile, `+${offsetMinutes}m\n`);
      // The Date header has whole seconds: a second's slack.
      const expected = Date.now() + offsetMinutes * 60_000 - 1000;
      for (;;) {
        const response = await fetch(`${url}/healthz`);
        await response.arrayBuffer();
        if (Date.parse(response.headers.get('date')!) >= expected) return;
        await sleep(200);
      }
    },
    dispose: () => fs.rmSync(directory, { recursive: true, force: true }),
  };
}
