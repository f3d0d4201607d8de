/** @jest-environment node */
/** `npm run dev:idp` on a port already taken: one line that names IDP_PORT, and exit code 1. */
import { execFile } from 'node:child_process';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';

const repoRoot = path.join(__dirname, '..', '..');

it('says in one line that IDP_PORT is taken, with no stack trace, and exits with 1', async () => {
  const taken = net.createServer();
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
  const { port } = taken.address() as AddressInfo;
  try {
    const { code, stderr } = await new Promise<{ code: number | null; stderr: string }>(
      (resolve) => {
        const child = execFile(
          path.join(repoRoot, 'node_modules', '.bin', 'tsx'),
          ['scripts/dev-idp.mjs'],
          { cwd: repoRoot, env: { ...process.env, IDP_PORT: String(port) } },
          (_error, _stdout, stderr) => resolve({ code: child.exitCode, stderr }),
        );
      },
    );
    // On Node 20, oidc-provider's own warning of an unsupported runtime comes first.
    const lines = stderr.split('\n').filter((line) => line && !/^oidc-provider WARNING/.test(line));
    expect(lines).toEqual([
      `Cannot start: IDP_PORT ${port} is already in use on 127.0.0.1: stop the program listening there, or set IDP_PORT to a free port (each server on this host needs its own).`,
    ]);
    expect(code).toBe(1);
  } finally {
    await new Promise((resolve) => taken.close(resolve));
  }
}, 30_000);
