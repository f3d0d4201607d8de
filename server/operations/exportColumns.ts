import { fieldNames } from '../../src/contract/fields';

/** Both export formats have these columns, in this order: the record's own, then the form's. */
export const exportColumns = ['id', 'reference', 'createdAt', 'language', ...fieldNames] as const;
export type ExportColumn = (typeof exportColumns)[number];
