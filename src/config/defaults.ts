/**
 * The institution's values when nothing is configured: reserved example names (RFC 2606), so that
 * an unconfigured installation never sends anything to a real organisation. The server and the
 * SPA both start from these.
 */
import { graphqlPath } from '../api/protocol';

export const configDefaults = {
  graphqlUrl: graphqlPath,
  emailDomain: 'example.edu',
  institutionName: 'Example University',
  /** Where applicants write with questions; the confirmation email is sent from it. */
  contactEmail: 'admissions@example.edu',
  institutionUrl: 'https://www.example.edu/',
  externalSiteUrl: 'https://www.example.edu/',
  /** How long registrations are kept (the privacy notice states it); 0 keeps them all. */
  retentionDays: 365,
};
