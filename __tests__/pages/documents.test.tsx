import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { applyAppConfig } from '../../src/config';
import { configDefaults, type AppConfig } from '../../src/contract/configDefaults';
import type { DocumentName } from '../../src/contract/documents';
import type { Language } from '../../src/contract/languages';
import { storageKeys } from '../../src/app/storage';
import { renderApp, renderStartPage, translations } from '../support/renderApp';

const { sv } = translations;

beforeEach(() => sessionStorage.clear());
afterEach(() => applyAppConfig(configDefaults));

/** The link that opens each document: in the terms checkbox's label, or in the footer. */
const linkNames: Record<Language, Record<DocumentName, string>> = {
  sv: {
    terms: 'villkoren för anmälan',
    privacy: sv.footer['privacy-link'],
    accessibility: sv.footer['accessibility-link'],
  },
  en: {
    terms: 'registration terms',
    privacy: translations.en.footer['privacy-link'],
    accessibility: translations.en.footer['accessibility-link'],
  },
  fi: {
    terms: 'ilmoittautumisen ehdot',
    privacy: translations.fi.footer['privacy-link'],
    accessibility: translations.fi.footer['accessibility-link'],
  },
};

/** The start page in the language, configured with `settings`, with the document's dialog open. */
async function openDocument(
  name: DocumentName,
  language: Language = 'sv',
  settings: Partial<AppConfig> = {},
): Promise<HTMLElement> {
  applyAppConfig({ ...configDefaults, ...settings });
  sessionStorage.setItem(storageKeys.language, language);
  const user = userEvent.setup();
  renderApp('/');
  await screen.findByRole('heading', {
    level: 1,
    name: translations[language].hero['heading-label'],
  });
  await user.click(screen.getByRole('link', { name: linkNames[language][name] }));
  return screen.findByRole('dialog', { name: translations[language].documents[name].title });
}

/** An e-mail or web address written out: what a reader would want to follow. */
const address =
  /[\w.+-]+@[\w-]+(\.[\w-]+)+|https?:\/\/\S+|\bwww\.\S+|\b[\w-]+\.(fi|eu|edu|com|org)\b/;

/** The text of the element that stands outside any link. */
function textOutsideLinks(element: HTMLElement): string[] {
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  const texts: string[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.parentElement?.closest('a')) texts.push(node.textContent ?? '');
  }
  return texts;
}

describe('the texts behind the form', () => {
  it('opens the terms from the checkbox label in a dialog, and Escape brings focus back', async () => {
    const user = userEvent.setup();
    await renderStartPage();
    await user.type(screen.getByLabelText(sv.form['firstName-label']), 'Anna');
    const link = screen.getByRole('link', { name: 'villkoren för anmälan' });

    await user.click(link);
    const dialog = await screen.findByRole('dialog', { name: sv.documents.terms.title });
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    expect(
      within(dialog).getByRole('heading', { name: sv.documents.terms.sections[0].heading }),
    ).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /villkoren/ })).not.toBeChecked();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(link).toHaveFocus();
    expect(screen.getByLabelText(sv.form['firstName-label'])).toHaveValue('Anna');
  });

  it('shows the contact address and opens the privacy notice from the footer', async () => {
    const user = userEvent.setup();
    await renderStartPage();
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: configDefaults.contactEmail })).toHaveAttribute(
      'href',
      `mailto:${configDefaults.contactEmail}`,
    );

    await user.click(within(footer).getByRole('link', { name: sv.footer['privacy-link'] }));
    const dialog = await screen.findByRole('dialog', { name: sv.documents.privacy.title });

    // The configured values stand in the text: how long registrations and links are kept, whom
    // to ask.
    expect(dialog).toHaveTextContent(`${configDefaults.retentionDays} dagar`);
    expect(dialog).toHaveTextContent(`i ${configDefaults.applicantLinkDays} dagar`);
    expect(dialog).toHaveTextContent(configDefaults.contactEmail);
    expect(dialog).toHaveTextContent('Dataombudsmannens byrå');
    await user.click(within(dialog).getAllByRole('button', { name: sv.general['close-label'] })[0]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('names the enforcement body in the accessibility statement', async () => {
    const user = userEvent.setup();
    await renderStartPage();

    await user.click(screen.getByRole('link', { name: sv.footer['accessibility-link'] }));
    const dialog = await screen.findByRole('dialog', { name: sv.documents.accessibility.title });

    expect(dialog).toHaveTextContent('Traficom');
    expect(dialog).toHaveTextContent('WCAG 2.2');
  });

  it('shows the data protection officer only when DPO_EMAIL is set, as a mailto: link', async () => {
    const without = await openDocument('privacy');
    expect(within(without).queryByRole('heading', { name: 'Dataskyddsombud' })).toBeNull();
    expect(without).not.toHaveTextContent('dataskyddsombud');
    cleanup();

    const withDpo = await openDocument('privacy', 'sv', { dpoEmail: 'dataskydd@example.edu' });
    expect(within(withDpo).getByRole('heading', { name: 'Dataskyddsombud' })).toBeInTheDocument();
    expect(within(withDpo).getByRole('link', { name: 'dataskydd@example.edu' })).toHaveAttribute(
      'href',
      'mailto:dataskydd@example.edu',
    );
  });

  it.each([
    ['sv', 'university', 'universitetslagen (558/2009)', '932/2014'],
    ['sv', 'uas', 'yrkeshögskolelagen (932/2014)', '558/2009'],
    ['en', 'university', 'the Universities Act (558/2009)', '932/2014'],
    ['en', 'uas', 'the Universities of Applied Sciences Act (932/2014)', '558/2009'],
  ] as const)(
    'in %s, states a public task under the act INSTITUTION_KIND=%s names, and no consent',
    async (language, institutionKind, act, otherAct) => {
      const dialog = await openDocument('privacy', language, { institutionKind });
      expect(dialog).toHaveTextContent(act);
      expect(dialog).not.toHaveTextContent(otherAct);
      expect(dialog).toHaveTextContent(language === 'sv' ? 'artikel 6.1 e' : 'Article 6(1)(e)');
      expect(dialog).toHaveTextContent(
        language === 'sv'
          ? 'Behandlingen grundar sig inte på ditt samtycke'
          : 'The processing is not based on your consent',
      );
    },
  );

  describe.each(['sv', 'en'] as const)('in %s', (language) => {
    it.each(['terms', 'privacy', 'accessibility'] as const)(
      'the %s dialog has every address as a mailto: or https: link',
      async (name) => {
        const dialog = await openDocument(name, language, { dpoEmail: 'dpo@example.edu' });
        const body = dialog.querySelector('.modal-body') as HTMLElement;

        expect(textOutsideLinks(body).filter((text) => address.test(text))).toEqual([]);
        for (const link of within(body).queryAllByRole('link')) {
          const href = link.getAttribute('href') ?? '';
          expect(href).toMatch(/^(mailto:|https:\/\/)/);
          expect(href.replace(/^(mailto:|https:\/\/)/, '')).toBe(link.textContent);
        }
      },
    );

    it('links the supervisory authorities’ pages in the reader’s language', async () => {
      const statement = await openDocument('accessibility', language);
      const hrefs = within(statement)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href'));
      expect(hrefs).toEqual(
        expect.arrayContaining([
          `https://www.saavutettavuusvaatimukset.fi/${language}/`,
          'mailto:saavutettavuus@traficom.fi',
          `mailto:${configDefaults.contactEmail}`,
        ]),
      );
      expect(statement).toHaveTextContent('029 534 5000');
      cleanup();

      const notice = await openDocument('privacy', language);
      expect(
        within(notice)
          .getAllByRole('link')
          .map((link) => link.getAttribute('href')),
      ).toEqual(
        expect.arrayContaining([`https://tietosuoja.fi/${language}`, 'mailto:tietosuoja@om.fi']),
      );
      expect(notice).toHaveTextContent('029 566 6700');
    });

    it('dates the accessibility statement: prepared and last reviewed', async () => {
      const statement = await openDocument('accessibility', language);
      const date = language === 'sv' ? '24 november 2026' : '24 November 2026';
      expect(statement).toHaveTextContent(
        language === 'sv'
          ? `utarbetades den ${date} och granskades senast den ${date}`
          : `prepared on ${date} and last reviewed on ${date}`,
      );
    });

    it('gives the same purposes in the terms as in the privacy notice', async () => {
      const purposes = translations[language].documents.purposes;
      expect(await openDocument('terms', language)).toHaveTextContent(purposes);
      cleanup();
      expect(await openDocument('privacy', language)).toHaveTextContent(purposes);
    });
  });

  describe('in Finnish, where it is offered', () => {
    const finnish = { languages: ['fi', 'sv', 'en'] } satisfies Partial<AppConfig>;

    it.each(['terms', 'privacy', 'accessibility'] as const)(
      'the %s dialog is in Finnish, with every address as a mailto: or https: link',
      async (name) => {
        const dialog = await openDocument(name, 'fi', { ...finnish, dpoEmail: 'dpo@example.edu' });
        const body = dialog.querySelector('.modal-body') as HTMLElement;
        expect(within(body).getAllByRole('heading')[0]).toHaveTextContent(
          {
            terms: 'Mitä ilmoittautuminen koskee',
            privacy: 'Rekisterinpitäjä',
            accessibility: 'Palvelun saavutettavuus',
          }[name],
        );
        expect(textOutsideLinks(body).filter((text) => address.test(text))).toEqual([]);
        for (const link of within(body).queryAllByRole('link')) {
          const href = link.getAttribute('href') ?? '';
          expect(href.replace(/^(mailto:|https:\/\/)/, '')).toBe(link.textContent);
        }
      },
    );

    it('dates the accessibility statement in Finnish, and gives the same purposes in the terms and the notice', async () => {
      expect(await openDocument('accessibility', 'fi', finnish)).toHaveTextContent(
        'laadittu 24.11.2026. Seloste on tarkistettu viimeksi 24.11.2026.',
      );
      cleanup();
      const { purposes } = translations.fi.documents;
      expect(await openDocument('terms', 'fi', finnish)).toHaveTextContent(purposes);
      cleanup();
      expect(await openDocument('privacy', 'fi', finnish)).toHaveTextContent(purposes);
    });
  });
});
