/**
 * The confirmation email's words in each language. The degree programmes' names are the form's
 * own (public/assets/i18n), so that the email names the programme exactly as the page did
 * (with its code, as programmeWithCode writes it).
 */
import type { Language } from '../../src/contract/languages';
import en from '../../public/assets/i18n/en.json';
import fi from '../../public/assets/i18n/fi.json';
import sv from '../../public/assets/i18n/sv.json';

export interface ConfirmationTexts {
  subject: (institution: string) => string;
  /** By the first name, or neutral without one (greetingName.ts decides). */
  greeting: (firstName: string | undefined) => string;
  received: (date: string) => string;
  programme: string;
  reference: string;
  nextHeading: string;
  next: string;
  contact: string;
  signOff: string;
  programmeNames: Record<string, string>;
}

export const confirmationTexts: Record<Language, ConfirmationTexts> = {
  sv: {
    subject: (institution) => `Bekräftelse: vi har tagit emot din anmälan till ${institution}`,
    greeting: (firstName) => (firstName ? `Hej ${firstName}!` : 'Hej!'),
    received: (date) => `Tack för din anmälan, som vi tog emot den ${date}.`,
    programme: 'Utbildningsprogram',
    reference: 'Referenskod',
    nextHeading: 'Vad händer nu?',
    next:
      'Antagningsservice går igenom din anmälan och kontaktar dig per e-post om något behöver ' +
      'kompletteras. Uppge referenskoden när du kontaktar oss.',
    contact: 'Frågor? Skriv till antagningsservice på',
    signOff: 'Med vänliga hälsningar',
    programmeNames: sv['degree-programs'],
  },
  en: {
    subject: (institution) =>
      `Confirmation: we have received your registration with ${institution}`,
    greeting: (firstName) => (firstName ? `Hello ${firstName},` : 'Hello,'),
    received: (date) => `Thank you for registering. We received your registration on ${date}.`,
    programme: 'Degree programme',
    reference: 'Reference code',
    nextHeading: 'What happens next?',
    next:
      'Admissions Services will review your registration and contact you by email if anything needs to ' +
      'be completed. Please quote your reference code when you contact us.',
    contact: 'Questions? Write to Admissions Services at',
    signOff: 'Kind regards,',
    programmeNames: en['degree-programs'],
  },
  fi: {
    subject: (institution) =>
      `Vahvistus: olemme vastaanottaneet ilmoittautumisesi (${institution})`,
    greeting: (firstName) => (firstName ? `Hei ${firstName}!` : 'Hei!'),
    received: (date) => `Kiitos ilmoittautumisestasi. Vastaanotimme sen ${date}.`,
    programme: 'Koulutusohjelma',
    reference: 'Viitekoodi',
    nextHeading: 'Mitä seuraavaksi tapahtuu?',
    next:
      'Hakijapalvelut käyvät ilmoittautumisesi läpi ja ottavat sinuun yhteyttä sähköpostilla, jos ' +
      'jotain pitää täydentää. Kerro viitekoodi, kun otat meihin yhteyttä.',
    contact: 'Kysyttävää? Kirjoita hakijapalveluihin osoitteeseen',
    signOff: 'Ystävällisin terveisin',
    programmeNames: fi['degree-programs'],
  },
};
