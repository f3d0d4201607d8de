/**
 * The list's filter as its address holds it (all but the search text, which stays in memory:
 * searchTextSlice.ts), read alike by the list and by a registration's next and previous.
 */
import type { RegistrationFilter } from '../../contract/consoleApiSchemas';
import { registrationFilterNames } from '../../contract/registrationFilter';

/** The filter's parts kept in the address: all but the search text. */
export const addressFilterNames = registrationFilterNames.filter((name) => name !== 'q');

/** The filter an address's query names, with the search text shown. */
export function filterOfAddress(searchParams: URLSearchParams, searchText: string) {
  const filter: RegistrationFilter = Object.fromEntries(
    addressFilterNames.map((name) => [name, searchParams.get(name) ?? undefined]),
  );
  return { addressFilter: filter, filter: { ...filter, q: searchText || undefined } };
}
