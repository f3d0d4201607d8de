import { fieldNames } from '../../src/contract/fields';

/**
 * Both export formats have these columns, in this order: the record's own, the form's, then the
 * processing's (last, so that a program reading the earlier ones by position reads them still).
 */
export const exportColumns = [
  'id',
  'reference',
  'createdAt',
  'language',
  ...fieldNames,
  'state',
  'assignee',
] as const;
export type ExportColumn = (typeof exportColumns)[number];
