/**
 * The applicant's page's first script (webpack entry `applicant-opening`, which the `applicant`
 * entry depends on): small and loaded async, so that it runs as soon as it has come, while the
 * rest is still coming over a slow network, and starts what the first view would otherwise wait
 * for once it has come. It reads nothing from the page (it may run before the page is parsed).
 */
import { defaultLanguage, languageLocales } from './contract/languages';
import { startOpeningLink } from './features/applicant/linkOpening';

// The link's first requests (linkOpening.ts), whose answers the page takes when it has come.
startOpeningLink();
// A page's first date format loads the browser's locale data (some 50 ms on the slow phone):
// made now, the summary's date (the day received) costs the first view next to nothing.
new Intl.DateTimeFormat(languageLocales[defaultLanguage]).format();
