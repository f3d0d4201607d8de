/**
 * The words of the applicant's link in the confirmation, and of the applicant's other mail (a new
 * link, "updated", "withdrawn"), in each language. The notices name the registration as the
 * confirmation does (programme and reference, so that an applicant with two can tell which) and
 * no other data: email crosses systems the institution does not control.
 */
import type { Language } from '../../src/contract/languages';
import type { ToApplicantKind } from './applicantMailKinds';
import { applicantTextsFi } from './applicantMailTextsFi';

export interface LinkTexts {
  /** What the link lets the applicant do, before it. */
  intro: string;
  /** How long it works and how it is guarded, after it. */
  validity: (days: number) => string;
}

export interface ApplicantMailTexts {
  subject: (institution: string) => string;
  /** The message's paragraphs; the link, when it carries one, comes after the first. */
  paragraphs: string[];
}

/** An information request's email: its message follows the first paragraph, then these. */
export interface RequestTexts {
  /** Before the applicant's link: by when to answer, the day written out. */
  answerBy: (day: string) => string;
}

export interface ApplicantTexts {
  link: LinkTexts;
  request: RequestTexts;
  contact: string;
  signOff: string;
  /** A correction's notice: the fields corrected, by their labels in the form. */
  correctedFields: (labels: string) => string;
  /** A withdrawal's notice, after the registration's details: the form's address follows. */
  registerAgain: string;
  mail: Record<ToApplicantKind, ApplicantMailTexts>;
}

export const applicantTexts: Record<Language, ApplicantTexts> = {
  sv: {
    link: {
      intro:
        'Med din personliga länk kan du se vad du skickade, rätta uppgifterna, ladda ner dem ' +
        'eller återkalla din anmälan:',
      validity: (days) =>
        `Länken gäller i ${days} dagar. Den är personlig, så dela den inte med någon. Innan ` +
        'dina uppgifter visas ber vi dig ange ditt födelsedatum.',
    },
    request: {
      answerBy: (day) => `Svara senast den ${day} via din personliga länk:`,
    },
    contact: 'Frågor? Skriv till antagningsservice på',
    signOff: 'Med vänliga hälsningar',
    correctedFields: (labels) => `Rättade uppgifter: ${labels}.`,
    registerAgain:
      'Om du ändå vill studera i programmet kan du anmäla dig på nytt med anmälningsblanketten ' +
      'så länge anmälningstiden pågår.',
    mail: {
      link: {
        subject: (institution) => `En ny länk till din anmälan hos ${institution}`,
        paragraphs: [
          'Du bad om en ny länk till din anmälan. Här är den:',
          'Länkar som du har fått tidigare fungerar inte längre. Om du inte bad om en ny länk ' +
            'behöver du inte göra något.',
        ],
      },
      updated: {
        subject: (institution) => `Din anmälan hos ${institution} har uppdaterats`,
        paragraphs: [
          'Uppgifterna i din anmälan har rättats via din personliga länk.',
          'Om det inte var du som rättade dem, kontakta antagningsservice genast och uppge ' +
            'referenskoden.',
        ],
      },
      withdrawn: {
        subject: (institution) => `Din anmälan hos ${institution} har återkallats`,
        paragraphs: [
          'Du har återkallat din anmälan, och vi har raderat dina uppgifter.',
          'Om det inte var du som återkallade anmälan kan den inte återställas, men kontakta ' +
            'antagningsservice och uppge referenskoden: vi hjälper dig att anmäla dig på nytt ' +
            'och utreder vem som återkallade den.',
        ],
      },
      request: {
        subject: (institution) => `Vi behöver uppgifter för din anmälan hos ${institution}`,
        paragraphs: [
          'Antagningsservice behöver mer information om din anmälan. Vårt meddelande till dig:',
          'När du har rättat eller bekräftat uppgifterna via länken ser vi ditt svar. Du behöver ' +
            'inte skicka dem per e-post.',
        ],
      },
      'request-reminder': {
        subject: (institution) =>
          `Påminnelse: vi behöver uppgifter för din anmälan hos ${institution}`,
        paragraphs: [
          'Vi påminner om att antagningsservice ännu behöver mer information om din anmälan. ' +
            'Vårt meddelande till dig:',
          'När du har rättat eller bekräftat uppgifterna via länken ser vi ditt svar. Länkar ' +
            'som du har fått tidigare fungerar inte längre.',
        ],
      },
      'request-withdrawn': {
        subject: (institution) => `Vår begäran om uppgifter har återkallats (${institution})`,
        paragraphs: [
          'Antagningsservice har återkallat sin begäran om uppgifter för din anmälan, så du ' +
            'behöver inte längre svara på den.',
        ],
      },
    },
  },
  en: {
    link: {
      intro:
        'With your personal link you can see what you sent, correct your details, download ' +
        'them or withdraw your registration:',
      validity: (days) =>
        `The link works for ${days} days. It is yours alone, so please do not share it. ` +
        'Before your details are shown, we ask for your date of birth.',
    },
    request: {
      answerBy: (day) => `Please answer by ${day} through your personal link:`,
    },
    contact: 'Questions? Write to Admissions Services at',
    signOff: 'Kind regards,',
    correctedFields: (labels) => `Corrected: ${labels}.`,
    registerAgain:
      'If you still want to study in the programme, you can register again with the ' +
      'registration form while registration is open.',
    mail: {
      link: {
        subject: (institution) => `A new link to your registration with ${institution}`,
        paragraphs: [
          'You asked for a new link to your registration. Here it is:',
          'Links you were sent before no longer work. If you did not ask for a new link, you ' +
            'can ignore this message.',
        ],
      },
      updated: {
        subject: (institution) => `Your registration with ${institution} has been updated`,
        paragraphs: [
          'The details of your registration were corrected through your personal link.',
          'If it was not you who corrected them, please contact Admissions Services straight ' +
            'away and quote the reference code.',
        ],
      },
      withdrawn: {
        subject: (institution) => `Your registration with ${institution} has been withdrawn`,
        paragraphs: [
          'You have withdrawn your registration, and we have deleted your details.',
          'If it was not you who withdrew it, the registration cannot be restored, but please ' +
            'contact Admissions Services and quote the reference code: we will help you register ' +
            'again and find out who withdrew it.',
        ],
      },
      request: {
        subject: (institution) => `We need information for your registration with ${institution}`,
        paragraphs: [
          'Admissions Services needs more information about your registration. Our message to you:',
          'Once you have corrected or confirmed your details through the link, we will see your ' +
            'answer. There is no need to send them by email.',
        ],
      },
      'request-reminder': {
        subject: (institution) =>
          `Reminder: we need information for your registration with ${institution}`,
        paragraphs: [
          'This is a reminder that Admissions Services still needs more information about your ' +
            'registration. Our message to you:',
          'Once you have corrected or confirmed your details through the link, we will see your ' +
            'answer. Links you were sent before no longer work.',
        ],
      },
      'request-withdrawn': {
        subject: (institution) => `Our request for information has been withdrawn (${institution})`,
        paragraphs: [
          'Admissions Services has withdrawn its request for information about your ' +
            'registration, so you no longer need to answer it.',
        ],
      },
    },
  },
  fi: applicantTextsFi,
};
