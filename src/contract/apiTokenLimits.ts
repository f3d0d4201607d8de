/** The integration API's tokens' limits: the staff API checks them, the console's form offers them. */
export const apiTokenNameLength = { min: 1, max: 100 } as const;

/** A token reads for a year at most: one leaked and forgotten stops by itself. */
export const apiTokenMaxDays = 366;

/** Every programme, those added later too. */
export const allProgrammes = 'all';
