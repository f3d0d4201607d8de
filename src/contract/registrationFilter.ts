/**
 * What the staff filter the registrations by, as the console's address and the staff API's query
 * string name it: a programme, the received days (from, to), a search text (q), the processing
 * state, who has it (assignee), possible duplicates and information requests past their deadline.
 */
export const registrationFilterNames = [
  'programme',
  'from',
  'to',
  'q',
  'state',
  'assignee',
  'duplicates',
  'overdue',
] as const;
export type RegistrationFilterName = (typeof registrationFilterNames)[number];
