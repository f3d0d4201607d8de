/** The staff API's lists (registrations, the audit log) answer this many a page; the pager counts by it. */
export const pageSize = 50;

/** The longest search text the console takes and the staff API accepts. */
export const searchTextMaxLength = 100;

/** How many days back a staff member's list names their registrations the applicants withdrew. */
export const withdrawalsListedDays = 30;

/** The audit log's person filter for the applicants' own doings (through their own link). */
export const auditPersonApplicant = 'applicant';
