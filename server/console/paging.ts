/** The staff API's lists, a page at a time: the rows a page stands for. */
import { pageSize } from '../../src/contract/consoleLimits';

export const rowsOfPage = (page: number) => ({ limit: pageSize, offset: (page - 1) * pageSize });
