/**
 * Both export formats have these columns, in this order: the CSV's header, a contract with the
 * programs that read it (README, "The exports' columns", which a test holds to this list). Written
 * out, not taken from the field model, so that a new field cannot slip in among them: a new column
 * goes at the end, so that a program reading the earlier ones by position reads them still, with
 * its row in README's table and a line in CHANGELOG under its release.
 */
export const exportColumns = [
  'id',
  'reference',
  'createdAt',
  'language',
  'firstName',
  'lastName',
  'birthday',
  'phoneNumber',
  'email',
  'address',
  'zipcode',
  'city',
  'country',
  'startedYear',
  'degreeProgram',
  'terms',
  'state',
  'assignee',
] as const;
export type ExportColumn = (typeof exportColumns)[number];
