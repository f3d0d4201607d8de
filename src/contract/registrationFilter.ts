/**
 * What the staff filter the registrations by, as the console's address and the staff API's query
 * string name it: a programme, the received days (from, to) and a search text (q).
 */
export const registrationFilterNames = ['programme', 'from', 'to', 'q'] as const;
export type RegistrationFilterName = (typeof registrationFilterNames)[number];
