/** The integration API's tokens' limits: the staff API checks them, the console's form offers them. */
export const apiTokenNameLength = { min: 1, max: 100 } as const;

/**
 * A name: something besides spaces, and no control character (the audit log, the console and a
 * restore's check refuse them: C0, DEL, C1, line separators, bidirectional controls).
 */
export const apiTokenNamePattern =
  '^(?=.*\\S)[^\\u0000-\\u001F\\u007F-\\u009F\\u2028\\u2029\\u061C\\u200E\\u200F\\u202A-\\u202E\\u2066-\\u2069]+$';

/** A token reads for a year at most: one leaked and forgotten stops by itself. */
export const apiTokenMaxDays = 366;

/** Every programme, those added later too. */
export const allProgrammes = 'all';
