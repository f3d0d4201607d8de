/** The texts behind the form: the terms the checkbox accepts, the privacy and accessibility statements. */
export const documentNames = ['terms', 'privacy', 'accessibility'] as const;
export type DocumentName = (typeof documentNames)[number];

/** A document in the translation files: documents.<name>.title and .sections. */
export interface DocumentSection {
  heading: string;
  paragraphs: string[];
}

/** A document's own page (server/plugins/spa.ts serves it), which needs no script. */
export const documentPath = (name: DocumentName) => `/${name}`;
