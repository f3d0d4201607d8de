/**
 * The server's secret, from which a key for each use is derived (the XSRF tokens', the audit log's
 * hashes'): XSRF_SECRET when set (instances behind one balancer share it
 * that way), else one generated at the first start and kept in DATA_DIR, readable by the server's
 * user alone.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const xsrfSecretFile = 'xsrf-secret';

export function loadXsrfSecret(dataDir: string, configured?: string): string {
  if (configured) return configured;
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, xsrfSecretFile);
  try {
    // wx: of two processes starting together (npm run dev), one writes, both read the same.
    fs.writeFileSync(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = fs.readFileSync(file, 'utf8').trim();
  if (secret.length < 32) throw new Error(`${file} holds no usable secret: delete it to make one`);
  return secret;
}
