import type { AppConfig } from './configDefaults';

/** The texts behind the form: the terms the checkbox accepts, the privacy and accessibility statements. */
export const documentNames = ['terms', 'privacy', 'accessibility'] as const;
export type DocumentName = (typeof documentNames)[number];

/** A document in the translation files: documents.<name>.title and .sections. */
export interface DocumentSection {
  heading: string;
  paragraphs: string[];
  /** A bulleted list after the paragraphs. */
  items?: string[];
  /** A setting the section needs: without it (the data protection officer's address) it is left out. */
  onlyWith?: keyof AppConfig;
}

/**
 * When the accessibility statement was prepared and last reviewed (the EU model states both):
 * review it, and move `lastReviewed`, when the tests it cites or their results change.
 */
export const accessibilityStatementDates = { prepared: '2026-11-24', lastReviewed: '2026-11-24' };

/** A document's own page (server/plugins/spa.ts serves it), which needs no script. */
export const documentPath = (name: DocumentName) => `/${name}`;
