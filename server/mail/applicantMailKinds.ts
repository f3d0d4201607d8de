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
