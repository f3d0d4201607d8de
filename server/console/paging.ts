/**
 * The staff API's lists, a page at a time: the page as the query string may give it (the
 * validator coerces nothing, and a page past a million is no one's), and the rows it stands for.
 */
import { pageSize } from '../../src/contract/consoleLimits';

export const pageParameter = { type: 'string', pattern: '^[1-9][0-9]{0,5}$' } as const;

export const rowsOfPage = (page: number) => ({ limit: pageSize, offset: (page - 1) * pageSize });
