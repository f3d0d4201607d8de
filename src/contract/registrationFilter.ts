/**
 * What the staff filter the registrations by, as the console's address and the staff API's query
 * string name it: a programme, the received days (from, to), a search text (q), the processing
 * state, who has it (assignee) and possible duplicates.
 */
export const registrationFilterNames = [
  'programme',
  'from',
  'to',
  'q',
  'state',
  'assignee',
  'duplicates',
] as const;
export type RegistrationFilterName = (typeof registrationFilterNames)[number];
