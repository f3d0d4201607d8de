/** The applicant's mail besides the confirmation (applicantMail.ts): its kinds, as stored. */
export const applicantMailKinds = [
  'link',
  'updated',
  'withdrawn',
  'request',
  'request-reminder',
  'request-withdrawn',
] as const;
export type ApplicantMailKind = (typeof applicantMailKinds)[number];

/**
 * The kinds the previous release cannot write: run beside this one during an upgrade, it claims
 * every row that is due and would fail on these, again and again (applicantMail.ts hides them).
 */
export const kindsUnknownToPrevious: readonly ApplicantMailKind[] = [
  'request',
  'request-reminder',
  'request-withdrawn',
];
