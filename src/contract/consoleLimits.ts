/** The staff API's lists (registrations, the audit log) answer this many a page; the pager counts by it. */
export const pageSize = 50;

/** The longest search text the console takes and the staff API accepts. */
export const searchTextMaxLength = 100;

/** The audit log's person filter for the applicants' own doings (through their own link). */
export const auditPersonApplicant = 'applicant';
