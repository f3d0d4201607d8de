/**
 * Labelled pairs of registrations, to measure the pairing of possible duplicates (migration 23):
 * one person registered twice with the variations people make, and look-alikes who are two
 * people. Each pair is stored through the registration store, as a submission is, in a database
 * of its own, and what the database paired is compared with the label (jest, npm run bench:staff).
 *
 * Left out as undecidable: a vowel doubled in a short first name (Sara and Saara, Nora and Noora
 * are different Finnish names, and a typo too), a name and its short form (Sanna, Susanna), and
 * siblings sharing a phone (the rule pairs every shared phone, and staff resolve them).
 */
import type { Database } from '../server/db/database';
import { createRegistrationStore } from '../server/db/registrations';
import { pairAllDue } from '../server/db/duplicatePairing';
import type { RegistrationValues } from '../src/contract/fields';
import { emailDomain, validValues } from './registrations';

/** "First names|Last name"; the variation's options, the other registration's. */
interface LabelledPair {
  /** One person (true), or two. */
  same: boolean;
  one: string;
  other: string;
  /** The other's birthday is a year later (a near miss, or a typo the email or phone catches). */
  otherBirthday?: true;
  /** The other has the same email in capitals. */
  sameEmail?: true;
  /** The other has the same phone as 0… where the one wrote +358 …. */
  samePhone?: true;
}

const same = (one: string, other: string, options: Partial<LabelledPair> = {}): LabelledPair => ({
  same: true,
  one,
  other,
  ...options,
});
const twoPeople = (
  one: string,
  other: string,
  options: Partial<LabelledPair> = {},
): LabelledPair => ({ same: false, one, other, ...options });

/**
 * Every true duplicate has its own email and phone but where it says otherwise: the names and the
 * birthday, the email or the phone must find it. Every look-alike has a birthday of its own too.
 */
export const duplicatePairs: LabelledPair[] = [
  // Hyphens, doubled and single letters.
  same('Karl-Johan|Mattsson', 'Karl Johan|Matsson'),
  same('Anna-Maria|Virtanen', 'Anna Maria|Virtanen'),
  same('Mikko|Heikkinen', 'Mikko|Heikinen'),
  same('Johanna|Korhonen', 'Johana|Korhonen'),
  same('Tuomas|Lindroos', 'Tuomas|Lindros'),
  same('Julia|Andersson', 'Julia|Anderson'),
  same('Aleksi|Kallio', 'Aleksi|Kalio'),
  same('Matthias|Holmström', 'Mathias|Holmström'),
  same('Markus|Laaksonen', 'Markus|Laksonen'),
  same('Rasmus|Forsman', 'Rasmus|Forssman'),
  same('Eveliina|Hakala', 'Evelina|Hakala'),
  same('Sofia|Rosenqvist', 'Sofia|Rosenqvst'),
  // Spelt another way: what the rule misses (similarity 0.5 and 0.54).
  same('Fredrik|Wikström', 'Fredrik|Vikström'),
  same('Elin|Sundqvist', 'Elin|Sundkvist'),
  // Å/a, ä/a, ö/o and letter case.
  same('Matti|Meikäläinen', 'Matti|Meikalainen'),
  same('Åsa|Nyström', 'Asa|Nystrom'),
  same('Jörgen|Söderlund', 'Jorgen|Soderlund'),
  same('Elias|Mäkinen', 'ELIAS|MÄKINEN'),
  same('Oliver|Hämäläinen', 'Oliver|Hamalainen'),
  same('Pekka|Järvinen', 'Pekka|Jarvinen'),
  same('Henrik|Sjöberg', 'Henrik|Sjoberg'),
  same('Ida|Björklund', 'Ida|Bjorklund'),
  same('Max|Öhman', 'Max|Ohman'),
  same('Patrik|Nordström', 'Patrik|Nordstrom'),
  same('Tiina|Mäkelä', 'Tiina|Makela'),
  same('Tove|Åkerlund', 'Tove|Akerlund'),
  same('Alexander|Strömberg', 'Alexander|Stromberg'),
  same('Lukas|Grönroos', 'Lukas|Gronros'),
  // First names swapped, or first and last name.
  same('Maria Anna|Lindqvist', 'Anna Maria|Lindqvist'),
  same('Aino|Virtanen', 'Virtanen|Aino'),
  same('Sanna|Lahtinen', 'Lahtinen|Sanna'),
  same('Karl Erik|Lund', 'Erik Karl|Lund'),
  // A second first name, or a second surname, left out or added.
  same('Emma Sofia|Laine', 'Emma|Laine'),
  same('Juha Pekka|Nieminen', 'Juha|Nieminen'),
  same('Hanna Riikka|Ojala', 'Hanna|Ojala'),
  same('Nea|Ekström-Lind', 'Nea|Ekström'),
  same('Minna|Saarinen', 'Minna|Saarinen-Koski'),
  // The same name, a second email and another phone.
  same('Sara|Lehtonen', 'Sara|Lehtonen'),
  same('Ville|Salo', 'Ville|Salo'),
  same('Eero|Väisänen', 'Eero|Vaisanen'),
  same('Jenny|Lund', 'Jenny|Lund'),
  // Found by the email or the phone where the name or the birthday differs.
  same('Kim|Berg', 'Kimberly|Berg', { sameEmail: true }),
  same('Jukka|Pitkänen', 'J.|Pitkänen', { samePhone: true }),
  same('Isak|Lindberg', 'Isak|Lindberg', { otherBirthday: true, samePhone: true }),
  same('Emilia|Heinonen', 'Emilia|Heinonen', { otherBirthday: true, sameEmail: true }),
  same('Leo|Koskinen', 'Leo|Koskinen', { sameEmail: true }),

  // The same name, another birthday: near misses.
  twoPeople('Karl-Johan|Mattsson', 'Karl Johan|Matsson', { otherBirthday: true }),
  twoPeople('Matti|Virtanen', 'Matti|Virtanen', { otherBirthday: true }),
  twoPeople('Elias|Nieminen', 'Elias|Nieminen', { otherBirthday: true }),
  twoPeople('Anna Maria|Lindqvist', 'Anna Maria|Lindqvist', { otherBirthday: true }),
  twoPeople('Leo|Koskinen', 'Leo|Koskinen', { otherBirthday: true }),
  twoPeople('Julia|Andersson', 'Julia|Andersson', { otherBirthday: true }),
  twoPeople('Sofia|Rosenqvist', 'Sofia|Rosenqvist', { otherBirthday: true }),
  twoPeople('Minna|Saarinen', 'Minna|Saarinen', { otherBirthday: true }),
  twoPeople('Jukka|Pitkänen', 'Jukka|Pitkänen', { otherBirthday: true }),
  twoPeople('Tom|Nyberg', 'Tom|Nyberg', { otherBirthday: true }),
  twoPeople('Åsa|Nyström', 'Asa|Nystrom', { otherBirthday: true }),
  // Twins and siblings born the same day: the surname, the birthday, another first name.
  twoPeople('Anna|Virtanen', 'Anni|Virtanen'),
  twoPeople('Emma|Laine', 'Ella|Laine'),
  twoPeople('Mikko|Heikkinen', 'Mika|Heikkinen'),
  twoPeople('Oliver|Mäkinen', 'Olivia|Mäkinen'),
  twoPeople('Mikael|Lindqvist', 'Mikaela|Lindqvist'),
  twoPeople('Daniel|Holm', 'Daniela|Holm'),
  twoPeople('Fredrik|Wikström', 'Fredrika|Wikström'),
  twoPeople('Erik|Sundqvist', 'Erika|Sundqvist'),
  twoPeople('Johan|Berg', 'Johanna|Berg'),
  twoPeople('Nea|Ek', 'Noa|Ek'),
  twoPeople('Lukas|Grönroos', 'Linus|Grönroos'),
  twoPeople('Max|Öhman', 'Maj|Öhman'),
  twoPeople('Eero|Väisänen', 'Eeva|Väisänen'),
  twoPeople('Tove|Åkerlund', 'Tuva|Åkerlund'),
  twoPeople('Elin|Sundqvist', 'Elina|Sundqvist'),
  twoPeople('Emilia|Heinonen', 'Amelia|Heinonen'),
  twoPeople('Alexander|Strömberg', 'Alexandra|Strömberg'),
  twoPeople('Tiina|Mäkelä', 'Tiia|Mäkelä'),
  twoPeople('Hanna|Ojala', 'Hannu|Ojala'),
  twoPeople('Emil|Nyström', 'Emilia|Nyström'),
  twoPeople('Anton|Koivisto', 'Antti|Koivisto'),
  twoPeople('Viktor|Lund', 'Viktoria|Lund'),
  twoPeople('Jon|Berg', 'Jonas|Berg'),
  // The same first name and birthday, another (if alike) surname.
  twoPeople('Aino|Korhonen', 'Aino|Koskinen'),
  twoPeople('Ville|Salo', 'Ville|Saari'),
  twoPeople('Jussi|Laine', 'Jussi|Lahti'),
  twoPeople('Henrik|Sjöberg', 'Henrik|Sjöblom'),
  twoPeople('Ida|Björk', 'Ida|Björklund'),
  twoPeople('Rasmus|Forsman', 'Rasmus|Forsberg'),
  twoPeople('Kim|Berg', 'Kim|Borg'),
  twoPeople('Olli|Rantanen', 'Olli|Rantala'),
  twoPeople('Linnea|Holm', 'Linnea|Holmberg'),
  twoPeople('Isak|Lindberg', 'Isak|Lindgren'),
  twoPeople('Sara|Lehtonen', 'Sara|Lehtinen'),
];

/** The birthday of the n-th pair: each its own, as dd.mm.yyyy. */
function birthdayOf(n: number, yearsLater = 0): string {
  const day = new Date(Date.UTC(1990, 0, 1 + n * 3));
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(day.getUTCDate())}.${pad(day.getUTCMonth() + 1)}.${day.getUTCFullYear() + yearsLater}`;
}

/** The two registrations of the n-th pair, each valid by the form's rules. */
export function registrationsOf(
  pair: LabelledPair,
  n: number,
): [RegistrationValues, RegistrationValues] {
  const person = (name: string, half: 'a' | 'b') => {
    const [firstName, lastName] = name.split('|');
    return { firstName, lastName, email: `pair${n}${half}@${emailDomain}` };
  };
  const digits = String(1_000_000 + n).slice(1);
  const one: RegistrationValues = {
    ...validValues,
    ...person(pair.one, 'a'),
    birthday: birthdayOf(n),
    phoneNumber: `+358 40 ${digits}`,
  };
  const other: RegistrationValues = {
    ...validValues,
    ...person(pair.other, 'b'),
    birthday: birthdayOf(n, pair.otherBirthday ? 1 : 0),
    phoneNumber: pair.samePhone ? `040 ${digits}` : `+358 50 ${digits}`,
    ...(pair.sameEmail && { email: one.email.toUpperCase() }),
  };
  return [one, other];
}

export interface PairingMeasure {
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  precision: number;
  recall: number;
  /** Each pair the database judged against its label: "one ~ other". */
  wrong: string[];
}

/**
 * Stores every labelled pair through the registration store into `database` (which must hold no
 * registrations of the same names), and measures what it paired.
 */
export async function measurePairing(database: Database): Promise<PairingMeasure> {
  const store = createRegistrationStore(database);
  const stored = duplicatePairs.map((pair, n) => registrationsOf(pair, n));
  await Promise.all(stored.flat().map((values) => store.save(values, 'sv')));
  await store.drain();
  await pairAllDue(database);
  const paired = new Set(
    (
      await database.query<{ one: string; other: string }>(
        `SELECT one.email AS one, other.email AS other FROM registration_duplicates
         JOIN registrations AS one ON one.id = registration_id
         JOIN registrations AS other ON other.id = other_id`,
      )
    ).map(({ one, other }) => `${one.toLowerCase()} ${other.toLowerCase()}`),
  );
  const judged = duplicatePairs.map((pair, n) => {
    const [one, other] = stored[n];
    return { pair, paired: paired.has(`${one.email} ${other.email.toLowerCase()}`) };
  });
  const count = (test: (judgement: (typeof judged)[number]) => boolean) =>
    judged.filter(test).length;
  const truePositives = count(({ pair, paired }) => pair.same && paired);
  const falsePositives = count(({ pair, paired }) => !pair.same && paired);
  const falseNegatives = count(({ pair, paired }) => pair.same && !paired);
  return {
    truePositives,
    falsePositives,
    falseNegatives,
    precision: truePositives / (truePositives + falsePositives),
    recall: truePositives / (truePositives + falseNegatives),
    wrong: judged
      .filter(({ pair, paired }) => pair.same !== paired)
      .map(({ pair }) => `${pair.one} ~ ${pair.other}`),
  };
}
