/** The staff's commands, compiled, as the suites of the staff's commands run them. */
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseCsv } from '../../../testing/csv';
import { runStaffCommand, type StaffTarget } from '../../../testing/server';

/** Runs a command; fails the test with its error output when it fails. */
export async function run(args: string[], target: StaffTarget, stdin?: Buffer): Promise<Buffer> {
  const result = await runStaffCommand(args, target, { entry: 'compiled', stdin });
  if (result.code !== 0) throw new Error(`${args.join(' ')} failed: ${result.stderr}`);
  return result.stdout;
}

/** Where the server without SMTP_URL writes a registration's confirmation. */
export const confirmationFile = (dataDir: string, id: string) =>
  path.join(dataDir, 'mail', `registration-${id}.eml`);

/** Waits for the outbox to write the files (it sends in the background). */
export async function waitForFiles(files: string[]) {
  const deadline = Date.now() + 20_000;
  while (!files.every((file) => fs.existsSync(file))) {
    if (Date.now() > deadline) throw new Error(`No confirmation file among ${files.join(', ')}`);
    await sleep(50);
  }
}

export const exportedRows = async (target: StaffTarget, args: string[] = []) =>
  parseCsv((await run(['export', ...args], target)).toString('utf8'));
