/**
 * What an export's file is called, xlsx or CSV alike: by what its filter chose and the day it was
 * made (in TIME_ZONE), so that the files of a day's work tell themselves apart in a downloads
 * folder. Never by the search text nor a person's subject: the name outlives the export.
 */
import type { RegistrationFilter } from '../../src/contract/consoleApiSchemas';
import type { ExportFormat } from '../../src/contract/exportFileTypes';
import { assigneeFilterMe, assigneeFilterNone } from '../../src/contract/processing';
import { dayIn } from '../timeZone';

const assigneeParts: Record<string, string> = {
  [assigneeFilterMe]: 'mine',
  [assigneeFilterNone]: 'unassigned',
};

export function exportFileName(
  filter: RegistrationFilter,
  format: ExportFormat,
  at: Date,
  timeZone: string,
): string {
  const { programme, state, assignee, duplicates, from, to, q } = filter;
  const parts = [
    'registrations',
    programme,
    state,
    assignee && assigneeParts[assignee],
    duplicates && 'duplicates',
    from && `from-${from}`,
    to && `to-${to}`,
    q && 'search',
    dayIn(at, timeZone),
  ];
  return `${parts.filter(Boolean).join('-')}.${format}`;
}
