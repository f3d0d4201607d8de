/**
 * The staff's commands: `npm run export | erase | purge | backup | restore | audit-log |
 * end-sessions |
 * restore-drill`. While a server holds the embedded database they go through its staff socket;
 * otherwise (no server, or DATABASE_URL) they open the database themselves. Output goes to
 * standard output.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { parseArgs } from 'node:util';
import type { Language } from '../../src/contract/languages';
import { readStaffConfig, type StaffConfig } from '../config';
import { keepNewFilesPrivate } from '../dataDirAccess';
import { migrate } from '../db/migrations';
import { mailDirOf } from '../mail/confirmationFiles';
import { DataDirInUseError } from '../db/dataDirLock';
import { describeStorage, openDatabase } from '../db/openDatabase';
import { holdsEmbeddedDatabase } from '../db/pglite';
import { isDay } from '../timeZone';
import { loadXsrfSecret } from '../xsrfSecret';
import { recordAudit } from './auditLog';
import { printableMessage } from './controlCharacters';
import { parseBackup, restoreBackup } from './backup';
import { runRestoreDrill } from './restoreDrill';
import { exportFormats, type ExportFormat } from '../../src/contract/exportFileTypes';
import { plural, runStaffRequest, type OperationsContext, type StaffRequest } from './operations';
import { StaffCommandError } from './commandError';
import { staffCommandPath, staffSocketFile, type StaffSocketBody } from './commandSocket';

const usage = `Usage:
  npm run export [-- --since YYYY-MM-DD] > registrations.csv
  npm run export -- --format xlsx [--language sv|en] [--since YYYY-MM-DD] > registrations.xlsx
  npm run erase -- --email <address> | --reference <code>
  npm run purge
  npm run backup > registrations.backup
  npm run restore < registrations.backup
  npm run audit-log
  npm run end-sessions -- --subject <the provider's subject of a staff member>
  npm run restore-drill`;

function parseOptions(args: string[], options: Record<string, { type: 'string' }>) {
  try {
    return parseArgs({ args, options, strict: true }).values as Record<string, string | undefined>;
  } catch (error) {
    throw new StaffCommandError(`${(error as Error).message}\n${usage}`);
  }
}

/** The export's options, each checked before anything is opened; a language among those offered. */
function exportRequest(args: string[], offered: readonly Language[]): StaffRequest {
  const {
    format = 'csv',
    since,
    language,
  } = parseOptions(args, {
    format: { type: 'string' },
    since: { type: 'string' },
    language: { type: 'string' },
  });
  if (!exportFormats.includes(format as ExportFormat)) {
    throw new StaffCommandError(`--format is one of ${exportFormats.join(', ')}`);
  }
  if (since !== undefined && !isDay(since)) {
    throw new StaffCommandError(
      `--since wants a date that exists, written YYYY-MM-DD (for example 2026-11-25), got "${since}"`,
    );
  }
  if (language !== undefined && !offered.includes(language as Language)) {
    throw new StaffCommandError(
      `--language is one of ${offered.join(', ')} (the xlsx's headings), got "${language}"`,
    );
  }
  if (language !== undefined && format !== 'xlsx') {
    throw new StaffCommandError(
      "--language is for --format xlsx: the CSV's headings are the fields' names, for programs",
    );
  }
  return {
    command: 'export',
    format: format as ExportFormat,
    ...(since ? { since } : {}),
    ...(language ? { language: language as Language } : {}),
  };
}

function parseRequest(
  command: string | undefined,
  args: string[],
  offered: readonly Language[],
): StaffRequest {
  switch (command) {
    case 'export':
      return exportRequest(args, offered);
    case 'erase': {
      const { email, reference } = parseOptions(args, {
        email: { type: 'string' },
        reference: { type: 'string' },
      });
      if (email && !reference) return { command, email };
      if (reference && !email) return { command, reference };
      throw new StaffCommandError(`erase wants either --email or --reference\n${usage}`);
    }
    case 'end-sessions': {
      const { subject } = parseOptions(args, { subject: { type: 'string' } });
      if (!subject) throw new StaffCommandError(`end-sessions wants --subject\n${usage}`);
      return { command, subject };
    }
    case 'purge':
    case 'backup':
    case 'audit-log':
      parseOptions(args, {});
      return { command };
    default:
      throw new StaffCommandError(usage);
  }
}

/** Runs the request in the server that holds DATA_DIR; undefined when no server answers there. */
function runInServer(dataDir: string, body: StaffSocketBody): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        socketPath: path.join(dataDir, staffSocketFile),
        path: staffCommandPath,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const output = Buffer.concat(chunks);
          if (response.statusCode === 200) return resolve(output);
          const { message } = JSON.parse(output.toString('utf8') || '{}') as { message?: string };
          reject(new StaffCommandError(message ?? `The server answered ${response.statusCode}`));
        });
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(undefined);
      else reject(error);
    });
    request.end(JSON.stringify(body));
  });
}

/**
 * Opens the database for one piece of work, then closes it; migrated to this version first,
 * unless the work migrates it itself (a restore, from its backup's version).
 */
async function withDatabase<T>(
  config: StaffConfig,
  work: (context: OperationsContext) => Promise<T>,
  { migrateFirst = true, inUse = (error: DataDirInUseError) => error.message } = {},
): Promise<T> {
  try {
    const database = await openDatabase(config, (error) =>
      console.error(printableMessage(error.message)),
    );
    try {
      if (migrateFirst) await migrate(database);
      const secret = loadXsrfSecret(config.dataDir, config.xsrfSecret);
      const { retentionDays, timeZone } = config;
      const mailDir = mailDirOf(config.dataDir);
      return await work({ database, retentionDays, timeZone, secret, mailDir });
    } finally {
      await database.close();
    }
  } catch (error) {
    if (error instanceof StaffCommandError) throw error;
    if (error instanceof DataDirInUseError) throw new StaffCommandError(inUse(error));
    // The database's own words ("connect ECONNREFUSED …") name neither the setting nor where.
    throw new StaffCommandError(`${describeStorage(config)}: ${(error as Error).message}`, {
      cause: error,
    });
  }
}

/** Runs the request in the server that holds DATA_DIR or, when none does, on the database. */
async function runRequest(config: StaffConfig, request: StaffRequest, actor: string) {
  return (
    (!config.databaseUrl && (await runInServer(config.dataDir, { request, actor }))) ||
    (await withDatabase(config, (context) => runStaffRequest(context, request, actor)))
  );
}

const isEmptyDirectory = (dir: string) => !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;

/** Takes out all that is in `dir`, keeping the directory itself if it is there. */
function emptyDirectory(dir: string) {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir)) {
    fs.rmSync(path.join(dir, entry), { recursive: true, force: true });
  }
}

const restoreInUse = ({ dataDir, holder }: DataDirInUseError) =>
  `Cannot restore into DATA_DIR ${dataDir}: process ${holder} (its server, or another command) ` +
  'has it open. Stop the server first; a restore goes into a DATA_DIR that holds no data, a new ' +
  'one say, and the server is then started on it.';

async function restore(config: StaffConfig, actor: string): Promise<string> {
  if (process.stdin.isTTY) {
    throw new StaffCommandError(`restore reads the backup from standard input\n${usage}`);
  }
  // Its framing and form columns are checked before the database is opened; its rows are judged
  // by the database as they go in, in one transaction. Refused, nothing is kept: into a DATA_DIR
  // that held nothing, not even the embedded database made to judge them.
  const backup = parseBackup(await text(process.stdin), config.emailDomain);
  const startsEmpty = !config.databaseUrl && isEmptyDirectory(config.dataDir);
  try {
    const restored = await withDatabase(
      config,
      async ({ database }) => {
        const count = await restoreBackup(database, backup);
        await recordAudit(database, { command: 'restore', rowCount: count, actor });
        return count;
      },
      { migrateFirst: false, inUse: restoreInUse },
    );
    return `Restored ${plural(restored, 'registration')}.\n`;
  } catch (error) {
    if (startsEmpty) emptyDirectory(config.dataDir);
    throw error;
  }
}

/**
 * The drill proves the running data's backup: a DATA_DIR without a database (a mistyped path)
 * would be given a new, empty one, which proves nothing and is left behind.
 */
function refuseMissingData({ databaseUrl, dataDir }: StaffConfig) {
  if (databaseUrl || holdsEmbeddedDatabase(dataDir)) return;
  const found = fs.existsSync(dataDir) ? 'holds no embedded database' : 'does not exist';
  throw new StaffCommandError(
    `Cannot drill: DATA_DIR ${dataDir} ${found}. Set DATA_DIR to the running server's (or ` +
      'DATABASE_URL to its database).',
  );
}

/**
 * `npm run export > file` lets npm write its banner ("> student-registration@1.0.0 export …")
 * into the file before this process starts. A file that holds exactly that is emptied, so that
 * the file is the export alone; returns how many bytes went. (Through a pipe, use
 * `npm run --silent export`: npm then writes no banner.)
 */
function dropNpmBanner(fd: number, args: string[]): number {
  const { npm_package_name, npm_package_version, npm_lifecycle_event, npm_lifecycle_script } =
    process.env;
  if (!npm_lifecycle_event) return 0;
  const command = [npm_lifecycle_script, ...args].join(' ');
  const banner = `\n> ${npm_package_name}@${npm_package_version} ${npm_lifecycle_event}\n> ${command}\n\n`;
  const size = Buffer.byteLength(banner);
  if (fs.fstatSync(fd).size !== size) return 0;
  fs.ftruncateSync(fd, 0);
  return size;
}

/** Personal data goes to standard output: a file there becomes its owner's alone. */
function writeOutput(output: Buffer, args: string[]) {
  const fd = process.stdout.fd;
  if (!fs.fstatSync(fd).isFile()) {
    // A reader that stopped early (`| head -1`) is no error: end as a shell's command does then.
    process.stdout.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error;
      process.exit(141);
    });
    return void process.stdout.write(output);
  }
  fs.fchmodSync(fd, 0o600);
  // The file's offset stays past an emptied banner: what goes before it is written by position,
  // the rest from there on, so that the offset ends after the output.
  const emptied = dropNpmBanner(fd, args);
  const head = output.subarray(0, emptied);
  for (let written = 0; written < head.length;) {
    written += fs.writeSync(fd, head, written, head.length - written, written);
  }
  process.stdout.write(output.subarray(head.length));
}

async function main([command, ...args]: string[]) {
  keepNewFilesPrivate();
  const config = readStaffConfig(process.env);
  const actor = os.userInfo().username;
  let output: Buffer | string;
  if (command === 'restore-drill') {
    parseOptions(args, {});
    refuseMissingData(config);
    const passed = await runRestoreDrill({
      backup: () => runRequest(config, { command: 'backup' }, actor),
      emailDomain: config.emailDomain,
      databaseUrl: config.databaseUrl,
      print: (line) => process.stdout.write(`${line}\n`),
    });
    if (!passed) process.exitCode = 1;
    return;
  }
  if (command === 'restore') {
    parseOptions(args, {});
    output = await restore(config, actor);
  } else {
    output = await runRequest(config, parseRequest(command, args, config.languages), actor);
  }
  writeOutput(Buffer.from(output), args);
}

// A message may quote what was typed, or what a database or a backup holds: shown, not obeyed.
main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(printableMessage(error instanceof Error ? error.message : String(error)));
  process.exitCode = 1;
});
