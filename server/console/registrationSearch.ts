/**
 * The person's filter (the list's query, an export's, a bulk change's) as the database is asked
 * it, within what they may see; and as the audit log records it.
 */
import type { FastifyRequest } from 'fastify';
import { recordSecurityEvent } from '../logging';
import { dayIn, isDay, startOfDay } from '../timeZone';
import type { RegistrationFilter } from '../../src/contract/consoleApiSchemas';
import { assigneeFilterMe, assigneeFilterNone } from '../../src/contract/processing';
import type { RegistrationSearch } from './registrationQueries';

/** The day after `day` (YYYY-MM-DD), as the calendar has it. */
function dayAfter(day: string): string {
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

/** The person's search: what they asked for, within what they may see. */
export function searchOf(
  request: FastifyRequest,
  filter: RegistrationFilter,
  timeZone: string,
): RegistrationSearch {
  const { programme, from, to, q, state, assignee, duplicates, overdue } = filter;
  if ((from && !isDay(from)) || (to && !isDay(to))) {
    throw request.server.httpErrors.badRequest('from and to are days that exist, as YYYY-MM-DD');
  }
  const session = request.staffSession!;
  if (session.programmes.length === 0) {
    recordSecurityEvent(request, 'staff-access-denied');
    throw request.server.httpErrors.forbidden('Your groups give you no degree programme');
  }
  if (programme && !session.programmes.includes(programme)) {
    recordSecurityEvent(request, 'staff-access-denied');
  }
  return {
    visibleProgrammes: session.programmes,
    programme,
    // Days as the staff's calendar has them: in TIME_ZONE.
    from: from ? startOfDay(from, timeZone) : undefined,
    to: to ? startOfDay(dayAfter(to), timeZone) : undefined,
    q,
    state,
    assignee:
      assignee === assigneeFilterMe
        ? session.subject
        : assignee === assigneeFilterNone
          ? null
          : assignee,
    duplicates: duplicates === 'true',
    overdueBefore: overdue === 'true' ? dayIn(new Date(), timeZone) : undefined,
  };
}

/**
 * The filter as the audit log records it: never the search text, which may be a name, nor whom
 * it was assigned to.
 */
export function describeFilter(
  { programme, from, to, q, state, assignee, duplicates, overdue }: RegistrationFilter,
  extra: Record<string, unknown>,
) {
  const assigned = assignee && [assigneeFilterMe, assigneeFilterNone].includes(assignee);
  return Object.entries({
    ...extra,
    programme,
    from,
    to,
    search: q && 'yes',
    state,
    assignee: assignee && (assigned ? assignee : 'person'),
    duplicates,
    overdue,
  })
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key}=${value}`)
    .join(' ');
}

/** What a change of many (or a request to many) took, as the audit log records it. */
export const describeChosen = (
  body: { ids: readonly number[] } | { filter: RegistrationFilter },
) => ('filter' in body ? describeFilter(body.filter, {}) || 'all' : `ids=${body.ids.length}`);
