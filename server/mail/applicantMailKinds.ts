/** The applicant's mail besides the confirmation (applicantMail.ts): its kinds, as stored. */
export const applicantMailKinds = [
  'link',
  'updated',
  'withdrawn',
  'request',
  'request-reminder',
  'request-withdrawn',
  // To the staff, not the applicant: the assignee told of an answer (REQUEST_ANSWER_STAFF_EMAILS).
  'request-answered',
] as const;
export type ApplicantMailKind = (typeof applicantMailKinds)[number];
/** The kinds the applicant receives (applicantEmail.tsx writes them). */
export type ToApplicantKind = Exclude<ApplicantMailKind, 'request-answered'>;

/**
 * The kinds the previous release cannot write: run beside this one during an upgrade, it claims
 * every row that is due and would fail on these, again and again (applicantMail.ts hides them).
 */
export const kindsUnknownToPrevious: readonly ApplicantMailKind[] = [
  'request',
  'request-reminder',
  'request-withdrawn',
  'request-answered',
];
