/**
 * The applicant's page's first script (webpack entry `applicant-opening`, which the `applicant`
 * entry depends on): small, so that it runs while the rest is still coming over a slow network,
 * and starts what the first view would otherwise wait for once it has come.
 */
import { defaultLanguage } from './contract/languages';
import { startOpeningLink } from './features/applicant/linkOpening';
import { receivedDateFormat } from './features/applicant/receivedDateFormat';

// The link's first requests (linkOpening.ts), whose answers the page takes when it has come.
startOpeningLink();
// A page's first date format loads the browser's locale data (some 50 ms on the slow phone):
// made now, the summary's date (the day received) costs the first view next to nothing.
receivedDateFormat(defaultLanguage);
