/** The applicant's own page (/my) in Finnish, where the institution offers it. */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { applyAppConfig } from '../../src/config';
import { configDefaults } from '../../src/contract/configDefaults';
import fi from '../../public/assets/i18n/fi.json';
import { fakeStaffApi } from '../support/renderConsole';
import { applicantTexts, renderApplicant, unverified, verified } from '../support/renderApplicant';

jest.setTimeout(20_000);

const token = 'Qw3rTy-uI_oP4sDfGhJkL1zXcVbNm0QwErTyUiOpAsD';
const texts = applicantTexts.fi;

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=token-123; path=/';
  sessionStorage.clear();
});
afterEach(() => {
  applyAppConfig(configDefaults);
  jest.restoreAllMocks();
});

it("speaks Finnish for a registration sent in Finnish: the check, then the applicant's details", async () => {
  applyAppConfig({ ...configDefaults, languages: ['fi', 'sv', 'en'] });
  let isVerified = false;
  const inFinnish = { ...unverified, language: 'fi' as const };
  fakeStaffApi([
    ['POST', /^\/my\/api\/session$/, () => ({ status: 204 })],
    [
      'POST',
      /^\/my\/api\/verify$/,
      () => {
        isVerified = true;
        return { status: 204 };
      },
    ],
    [
      'GET',
      /^\/my\/api\/registration$/,
      () => ({ body: isVerified ? { ...verified, language: 'fi' } : inFinnish }),
    ],
  ]);
  const user = userEvent.setup();
  renderApplicant(`/my/${token}`);
  await screen.findByRole('heading', { name: texts['verify-heading'] });
  await user.type(screen.getByLabelText(fi.form['birthday-label']), '29.02.2000');
  await user.click(screen.getByRole('button', { name: texts['verify-submit'] }));
  await screen.findByRole('heading', { name: texts['details-heading'] });
  expect(screen.getByRole('button', { name: texts.withdraw })).toBeInTheDocument();
  expect(document.body).toHaveTextContent(fi['degree-programs'].IT);
});

it('opens a refused link of a Finnish registration in Finnish', async () => {
  applyAppConfig({ ...configDefaults, languages: ['fi', 'sv', 'en'] });
  fakeStaffApi([
    ['POST', /^\/my\/api\/session$/, () => ({ status: 404, body: { language: 'fi' } })],
  ]);
  renderApplicant(`/my/${token}`);
  await screen.findByRole('heading', { level: 1, name: texts['link-refused-heading'] });
});
