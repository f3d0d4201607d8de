/**
 * A console view with the real translations (the form's and the console's), a store with the
 * staff API's slice, and a fake staff API: each request is answered by the first route whose
 * method and path match, and every request is kept for the test to read.
 */
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AppProviders } from '../../src/app/AppProviders';
import { makeStore } from '../../src/app/store';
import { createI18n } from '../../src/features/language/i18n';
import { StaffConsole } from '../../src/features/console/StaffConsole';
import type { RegistrationDetails, StaffMember } from '../../src/contract/consoleApiSchemas';
import type { Language } from '../../src/contract/languages';
import { validValues } from '../../testing/registrations';
import en from '../../public/assets/i18n/en.json';
import sv from '../../public/assets/i18n/sv.json';
import staffEn from '../../public/assets/i18n/staff/en.json';
import staffSv from '../../public/assets/i18n/staff/sv.json';

export const staffTexts = { sv: staffSv, en: staffEn };
export const formTexts = { sv, en };

export const officer: StaffMember = {
  subject: 'officer-1',
  name: 'Olga Officer',
  email: 'olga.officer@example.edu',
  admin: false,
  programmes: ['IT', 'MIDS'],
};

export const registration: RegistrationDetails = {
  id: 7,
  reference: 'ABCD2345',
  createdAt: '2026-11-20T08:30:00.000Z',
  language: 'sv',
  ...validValues,
  state: 'new',
  assignee: null,
  version: 3,
  duplicateOf: [],
  applicantAnswered: false,
  duplicates: [],
  confirmation: { state: 'sent' },
  notes: [],
  history: [{ type: 'received', at: '2026-11-20T08:30:00.000Z', actor: null }],
  request: null,
  transfer: null,
};

export interface Answer {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}
type Route = [method: string, path: RegExp, answer: (request: Request) => Answer | Promise<Answer>];

/** Replaces fetch with the routes; unrouted requests fail the test with a 599. */
export function fakeStaffApi(routes: Route[]) {
  const requests: Request[] = [];
  const fetchMock = jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    // RTK Query's requests come as a Request; the export's as an address and its options.
    const request =
      input instanceof Request ? input : new Request(new URL(String(input), location.href), init);
    requests.push(request.clone());
    const { pathname } = new URL(request.url);
    const route = routes.find(([method, path]) => method === request.method && path.test(pathname));
    const {
      status = 200,
      body = null,
      headers,
    } = route ? await route[2](request) : { status: 599 };
    return new Response(status === 204 ? null : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json', ...headers },
    });
  });
  return { requests, fetchMock };
}

/** The address the browser would show, for a test to read (by its test id, `address`). */
function AddressShown() {
  const { pathname, search } = useLocation();
  return <output data-testid="address" hidden>{`${pathname}${search}`}</output>;
}

/** The console at `path`, signed in as `member`, in `language`. */
export function renderConsole(path: string, language: Language = 'sv') {
  const store = makeStore();
  const i18n = createI18n(language, {
    sv: { translation: sv, staff: staffSv },
    en: { translation: en, staff: staffEn },
  });
  return render(
    <AppProviders store={store} i18n={i18n}>
      <MemoryRouter initialEntries={[path]}>
        <AddressShown />
        <Routes>
          <Route path="/staff/*" element={<StaffConsole />} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
}
