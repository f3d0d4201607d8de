/**
 * The institution's values when nothing is configured: reserved example names (RFC 2606), so that
 * an unconfigured installation never sends anything to a real organisation. The server and the
 * SPA both start from these.
 */
import { defaultLanguages, type Language } from './languages';
import { graphqlPath } from './protocol';

/**
 * What kind of institution runs the form, which names the act that gives it its public task (the
 * privacy notice's legal basis): a university (Universities Act 558/2009) or a university of
 * applied sciences (Act 932/2014).
 */
export const institutionKinds = ['university', 'uas'] as const;
export type InstitutionKind = (typeof institutionKinds)[number];

export const configDefaults = {
  /** Where the SPA sends the form: the server's own /graphql unless it sits behind another path. */
  graphqlUrl: graphqlPath,
  emailDomain: 'example.edu',
  institutionName: 'Example University',
  /** Where applicants write with questions; the confirmation email is sent from it. */
  contactEmail: 'admissions@example.edu',
  institutionUrl: 'https://www.example.edu/',
  externalSiteUrl: 'https://www.example.edu/',
  /** How long registrations are kept (the privacy notice states it); 0 keeps them all. */
  retentionDays: 365,
  /** How many days an applicant's own link works (the privacy notice states it). */
  applicantLinkDays: 30,
  institutionKind: 'university' as InstitutionKind,
  /** The data protection officer's address: in the privacy notice when set ('' when not). */
  dpoEmail: '',
  /** The IANA time zone of every date a person reads. */
  timeZone: 'Europe/Helsinki',
  /** The languages offered (LANGUAGES), the first the default and fallback. */
  languages: defaultLanguages as Language[],
};

/** What the SPA is configured with: the server hands it over at run time (src/config/index.ts). */
export type AppConfig = typeof configDefaults;

/** The page's data block holding the AppConfig as JSON. */
export const appConfigElementId = 'app-config';
