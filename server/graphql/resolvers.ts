/** createOnboardingForm: validate with the SPA's own schema, store, answer once committed. */
import type { FastifyReply } from 'fastify';
import { ErrorWithProps } from 'mercurius';
import { toRegistrationValues } from '../../src/contract/fields';
import {
  createRegistrationSchema,
  normaliseRegistration,
  validateRegistration,
} from '../../src/contract/registrationSchema';
import type { Language } from '../../src/contract/languages';
import type { RegistrationStore, SaveOutcome } from '../db/registrations';
import { logSecurityEvent, recordSecurityEvent } from '../logging';
import { registrationLanguage } from './language';

interface ResolverContext {
  reply: FastifyReply;
}

export function createResolvers(
  registrations: RegistrationStore,
  emailDomain: string,
  languages: readonly Language[],
) {
  const registrationSchema = createRegistrationSchema(emailDomain);

  return {
    Query: {
      apiVersion: () => '1',
    },
    Mutation: {
      async createOnboardingForm(
        _root: unknown,
        args: { data: unknown },
        context: ResolverContext,
      ) {
        const input = toRegistrationValues(args.data);
        // Checked and stored as the schema normalises it, as the browser checked it.
        const values = input && normaliseRegistration(registrationSchema, input);
        const fieldErrors = values ? validateRegistration(registrationSchema, values) : {};
        if (!values || Object.keys(fieldErrors).length > 0) {
          recordSecurityEvent(context.reply.request, 'registration-refused');
          throw new ErrorWithProps(
            'Invalid registration',
            { code: 'BAD_USER_INPUT', fields: fieldErrors },
            400,
          );
        }
        let outcome: SaveOutcome;
        try {
          const language = registrationLanguage(
            context.reply.request.headers['accept-language'],
            languages,
          );
          outcome = await registrations.save(values, language);
        } catch (error) {
          // Only the kind of failure: a database error's detail can quote the row.
          const { name, code } = error as { name?: string; code?: string };
          context.reply.log.error(
            { errorName: name, errorCode: code },
            'storing a registration failed',
          );
          throw new ErrorWithProps(
            'The registration could not be stored',
            { code: 'INTERNAL_SERVER_ERROR' },
            500,
          );
        }
        context.reply.server.metrics.registrationsStored.inc();
        if (outcome === 'address-limit') {
          context.reply.server.metrics.emailsSuppressed.inc({ reason: 'address_limit' });
          logSecurityEvent(context.reply.request, 'confirmation-address-limit');
        } else if (outcome === 'hourly-limit') {
          context.reply.server.metrics.emailsSuppressed.inc({ reason: 'hourly_limit' });
        }
        return values;
      },
    },
  };
}
