/**
 * The staff socket: while the server holds the embedded database (one process per DATA_DIR), the
 * staff's commands reach it through DATA_DIR/staff.sock. It is a Unix socket, not a port: only
 * the server's operating-system user (and root) can open it, as DATA_DIR is theirs alone.
 */
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyError, type FastifyInstance } from 'fastify';
import { RequestLogController } from '../logging';
import { languages } from '../../src/contract/languages';
import { exportFormats } from '../../src/contract/exportFileTypes';
import { runStaffRequest, type OperationsContext, type StaffRequest } from './operations';
import { StaffCommandError } from './commandError';

export const staffSocketFile = 'staff.sock';
export const staffCommandPath = '/commands';

export interface StaffSocketBody {
  request: StaffRequest;
  actor: string;
}

/** A StaffRequest of one command: its required properties, then any optional ones. */
const command = (
  name: string,
  required: Record<string, object> = {},
  optional: Record<string, object> = {},
) => ({
  type: 'object',
  required: ['command', ...Object.keys(required)],
  additionalProperties: false,
  properties: { command: { const: name }, ...required, ...optional },
});
const text = { type: 'string', minLength: 1, maxLength: 320 };

const bodySchema = {
  type: 'object',
  required: ['request', 'actor'],
  additionalProperties: false,
  properties: {
    actor: text,
    request: {
      oneOf: [
        command(
          'export',
          { format: { enum: exportFormats } },
          { since: { type: 'string', format: 'date' }, language: { enum: languages } },
        ),
        command('erase', { email: text }),
        command('erase', { reference: text }),
        command('purge'),
        command('backup'),
        command('audit-log'),
        command('end-sessions', { subject: text }),
      ],
    },
  },
};

export async function listenOnStaffSocket(
  context: OperationsContext,
  dataDir: string,
  log: FastifyBaseLogger,
): Promise<FastifyInstance> {
  const socketPath = path.join(dataDir, staffSocketFile);
  const app = Fastify({
    loggerInstance: log.child({ component: 'staff socket' }),
    logController: new RequestLogController(),
    // Ajv would strip the properties each oneOf branch does not know while trying it.
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false } },
  });

  app.setErrorHandler((error: FastifyError, _request, reply) => {
    if (error instanceof StaffCommandError || error.validation) {
      return reply.code(400).send({ message: error.message });
    }
    // Only the kind of failure: a database error's detail can quote a row.
    log.error({ errorName: error.name, errorCode: error.code }, 'a staff command failed');
    return reply.code(500).send({ message: "The command failed: see the server's log." });
  });

  app.post<{ Body: StaffSocketBody }>(
    staffCommandPath,
    { schema: { body: bodySchema } },
    async (request, reply) => {
      const { request: staffRequest, actor } = request.body;
      const output = await runStaffRequest(context, staffRequest, actor);
      log.info({ command: staffRequest.command, actor }, 'staff command run');
      return reply.type('application/octet-stream').send(output);
    },
  );

  // A socket left by a killed server: DATA_DIR's lock says no other server is running.
  fs.rmSync(socketPath, { force: true });
  await app.listen({ path: socketPath });
  fs.chmodSync(socketPath, 0o600);
  return app;
}
