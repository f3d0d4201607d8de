import type { FieldName, RegistrationValues } from '../../src/contract/fields';
import {
  createRegistrationSchema,
  normaliseRegistration,
  validateRegistration,
} from '../../src/contract/registrationSchema';
import { validValues } from '../../testing/registrations';

const schema = createRegistrationSchema('example.edu');

function errorFor(field: FieldName, value: string | boolean) {
  const values = { ...validValues, [field]: value } as RegistrationValues;
  return validateRegistration(schema, values)[field];
}

const repeat = (length: number, text = 'a') => text.repeat(length);

describe('registration schema', () => {
  it('accepts a complete, valid form', () => {
    expect(validateRegistration(schema, validValues)).toEqual({});
  });

  it.each<[FieldName, string | boolean, string | undefined]>([
    // Names: Unicode letters, set A punctuation, 2-50 / 2-100 characters.
    ['firstName', '', 'firstName-required'],
    ['firstName', '   ', 'firstName-required'],
    ['firstName', 'A', 'firstName-too-short'],
    ['firstName', 'Jo', undefined],
    ['firstName', repeat(50), undefined],
    ['firstName', repeat(51), 'firstName-too-long'],
    ['firstName', 'Ärla Östen Åke', undefined],
    ['firstName', 'José Ñúñez', undefined],
    ['firstName', 'Zoë-Chloé', undefined],
    ['firstName', 'Łukasz Đorđe', undefined],
    ['firstName', 'Dmitrij Иванов', undefined],
    ['firstName', "Anne-Marie O'Neil, Jr. & B/C + !", undefined],
    ['firstName', 'R2D2', 'firstName-format'],
    ['firstName', 'Bob <script>', 'firstName-format'],
    // A letter at least: combining marks, spaces and punctuation alone are no name.
    ['firstName', '\u0300\u0301', 'firstName-format'],
    ['firstName', "-'", 'firstName-format'],
    ['city', '\u0301\u0301\u0301', 'city-format'],
    ['country', '&/', 'country-format'],
    ['lastName', '', 'lastName-required'],
    ['lastName', 'B', 'lastName-too-short'],
    ['lastName', repeat(100), undefined],
    ['lastName', repeat(101), 'lastName-too-long'],
    ['lastName', 'Smith_1', 'lastName-format'],
    // Birthday: dd.mm.yyyy, a real day, 1900-2099.
    ['birthday', '', 'birthday-required'],
    ['birthday', '01.01.1900', undefined],
    ['birthday', '31.12.2099', undefined],
    ['birthday', '31.12.1899', 'birthday-format'],
    ['birthday', '01.01.2100', 'birthday-format'],
    ['birthday', '00.01.2000', 'birthday-format'],
    ['birthday', '32.01.2000', 'birthday-format'],
    ['birthday', '01.13.2000', 'birthday-format'],
    // Read as a date whichever common way it is typed (then stored as dd.mm.yyyy, below).
    ['birthday', '1.1.2000', undefined],
    ['birthday', '2000-01-01', undefined],
    ['birthday', '31.4.2000', 'birthday-format'],
    ['birthday', '2000-02-30', 'birthday-format'],
    ['birthday', '1.1.00', 'birthday-format'],
    ['birthday', '2000.01.01', 'birthday-format'],
    ['birthday', '1/1-2000', 'birthday-format'],
    ['birthday', '01012000', 'birthday-format'],
    ['birthday', '31.04.2000', 'birthday-format'],
    ['birthday', '29.02.2001', 'birthday-format'],
    // Phone: optional +, a digit, then 5-19 digits or spaces; 6-24 characters.
    ['phoneNumber', '', 'phoneNumber-required'],
    ['phoneNumber', '12345', 'phoneNumber-too-short'],
    ['phoneNumber', '123456', undefined],
    ['phoneNumber', '+358401234567', undefined],
    ['phoneNumber', '1' + repeat(19, '2'), undefined],
    ['phoneNumber', '1' + repeat(20, '2'), 'phoneNumber-format'],
    ['phoneNumber', '+' + repeat(24, '1'), 'phoneNumber-too-long'],
    ['phoneNumber', ' 123456', undefined], // checked as normalised: no space at either end
    ['phoneNumber', '040-123456', 'phoneNumber-format'],
    // Email: 10-50 characters, at the configured domain, no forbidden characters.
    ['email', '', 'email-required'],
    ['email', 'a@b.edu', 'email-too-short'],
    ['email', 'ab@example.edu', undefined],
    ['email', 'Ab.Cd@EXAMPLE.EDU', undefined],
    ['email', repeat(38) + '@example.edu', undefined],
    ['email', repeat(39) + '@example.edu', 'email-too-long'],
    ['email', 'someone@gmail.com', 'email-format'],
    ['email', 'someone@example.edu.evil.com', 'email-format'],
    // Look-alikes of the domain: the dot is a dot (mutation caught: the domain unescaped in the
    // pattern), and no subdomain, prefix or neighbour passes (mutation caught: `(.+\.)?` before it).
    ['email', 'someone@exampleXedu', 'email-format'],
    ['email', 'someone@example-edu', 'email-format'],
    ['email', 'someone@evil.example.edu', 'email-format'],
    ['email', 'someone@.example.edu', 'email-format'],
    ['email', 'someone@xexample.edu', 'email-format'],
    ['email', 'someone@example.edu.', 'email-format'],
    ['email', 'a"b@example.edu', 'email-format'],
    ['email', "a'b@example.edu", 'email-format'],
    ['email', 'a<b>@example.edu', 'email-format'],
    ['email', 'a{b}@example.edu', 'email-format'],
    ['email', 'a/b?@example.edu', 'email-format'],
    ['email', 'a@b@example.edu', 'email-format'],
    ['email', 'ab\u0000cd@example.edu', 'email-format'],
    ['email', 'ab cd@example.edu', 'email-format'],
    // The local part is an allow-list: ASCII letters, digits and . _ + -, dots only between.
    ['email', 'first_last+tag1-2@example.edu', undefined],
    // The percent hack: a relay would route it to someone@gmail.com.
    ['email', 'someone%gmail.com@example.edu', 'email-format'],
    ['email', 'ab\u202Ecd@example.edu', 'email-format'], // right-to-left override
    ['email', 'ab\u200Bcd@example.edu', 'email-format'], // zero-width space
    ['email', 'ａｂｃｄ@example.edu', 'email-format'], // full-width look-alikes
    ['email', 'a;b=c@example.edu', 'email-format'],
    ['email', 'a(b)c@example.edu', 'email-format'],
    ['email', '.abcd@example.edu', 'email-format'],
    ['email', 'abcd.@example.edu', 'email-format'],
    ['email', 'ab..cd@example.edu', 'email-format'],
    // Address and zipcode: set B (digits allowed).
    ['address', '', 'address-required'],
    ['address', 'A', 'address-too-short'],
    ['address', 'Åbogatan 3 A 12', undefined],
    ['address', repeat(50), undefined],
    ['address', repeat(51), 'address-too-long'],
    ['address', 'Gatan 1; DROP', 'address-format'],
    ['zipcode', '', 'zipcode-required'],
    ['zipcode', '1', undefined],
    ['zipcode', 'SE-123 45', undefined],
    ['zipcode', repeat(30, '1'), undefined],
    ['zipcode', repeat(31, '1'), 'zipcode-too-long'],
    ['zipcode', '00100#', 'zipcode-format'],
    // City and country: set A.
    ['city', '', 'city-required'],
    ['city', 'Å', 'city-too-short'],
    ['city', 'Jyväskylä', undefined],
    ['city', repeat(30), undefined],
    ['city', repeat(31), 'city-too-long'],
    ['city', 'Espoo 2', 'city-format'],
    ['country', '', 'country-required'],
    ['country', 'X', 'country-too-short'],
    ['country', "Côte d'Ivoire", undefined],
    ['country', repeat(100), undefined],
    ['country', repeat(101), 'country-too-long'],
    ['country', 'Land 9', 'country-format'],
    // Study details.
    ['startedYear', '', 'startedYear-required'],
    ['startedYear', '2025', undefined],
    ['startedYear', '25', 'startedYear-format'],
    ['startedYear', '20255', 'startedYear-format'],
    ['startedYear', 'abcd', 'startedYear-format'],
    // A plausible year, as for the birthday: 1900 to 2099.
    ['startedYear', '0000', 'startedYear-format'],
    ['startedYear', '1899', 'startedYear-format'],
    ['startedYear', '1900', undefined],
    ['startedYear', '2099', undefined],
    ['startedYear', '2100', 'startedYear-format'],
    ['degreeProgram', '', 'degreeProgram-required'],
    ['degreeProgram', 'EASE', undefined],
    ['degreeProgram', 'MIDS', undefined],
    ['degreeProgram', 'XYZ', 'degreeProgram-format'],
    ['terms', false, 'terms-required'],
    ['terms', true, undefined],
  ])('%s = %j → %s', (field, value, expected) => {
    expect(errorFor(field, value)).toBe(expected);
  });

  describe('normalises text as a phone keyboard types it, before checking and storing', () => {
    const normalised = (field: FieldName, value: string) =>
      normaliseRegistration(schema, { ...validValues, [field]: value } as RegistrationValues)[
        field
      ];

    it.each<[FieldName, string, string]>([
      ['firstName', 'Maja ', 'Maja'],
      ['firstName', '  Anna   Maria  ', 'Anna Maria'],
      ['phoneNumber', ' +358  40 123 4567 ', '+358 40 123 4567'],
      ['email', `asa.nystrom@example.edu `, 'asa.nystrom@example.edu'],
      ['birthday', ' 05.09.2001', '05.09.2001'],
      // The Finnish ways a date is written, ISO and the slash: stored as the form always has.
      ['birthday', '5.9.2001', '05.09.2001'],
      ['birthday', '5. 9. 2001 ', '05.09.2001'],
      ['birthday', '05.9.2001', '05.09.2001'],
      ['birthday', '2001-09-05', '05.09.2001'],
      ['birthday', '5/9/2001', '05.09.2001'],
      ['birthday', '5-9-2001', '05.09.2001'],
      // iOS's decimal keyboard in a Finnish or Swedish region has "," and no ".".
      ['birthday', '5,9,2001', '05.09.2001'],
      ['birthday', '05, 09, 2001', '05.09.2001'],
      ['city', 'Helsingfors ', 'Helsingfors'],
      ['lastName', 'O’Neill', "O'Neill"],
      ['lastName', 'Oʼ Neill', "O' Neill"],
      ['address', 'Rue de l’Église 5', "Rue de l'Église 5"],
      ['zipcode', 'A’1', "A'1"],
      ['country', 'Côte d’Ivoire', "Côte d'Ivoire"],
    ])('%s %j is stored as %j, and valid', (field, typed, stored) => {
      expect(normalised(field, typed)).toBe(stored);
      expect(errorFor(field, typed)).toBeUndefined();
    });

    it.each<[FieldName, string, string | undefined]>([
      // Lengths count after normalising.
      ['firstName', 'A ', 'firstName-too-short'],
      ['firstName', ' A  ', 'firstName-too-short'],
      ['firstName', `${repeat(50)} `, undefined],
      ['city', `${repeat(15)}  ${repeat(14)}`, undefined], // 31 typed, 30 kept
      ['zipcode', '   ', 'zipcode-required'],
      // Only spaces: a tab or a no-break space is refused, as before.
      ['firstName', 'Anna\tMaria', 'firstName-format'],
      ['firstName', 'Anna\u00A0', 'firstName-format'],
      // The apostrophe is a name's: an e-mail address keeps its allow-list.
      ['email', 'o’neill@example.edu', 'email-format'],
    ])('%s %j → %s', (field, typed, expected) => {
      expect(errorFor(field, typed)).toBe(expected);
    });
  });

  it('accepts letters written with combining accents (decomposed Unicode)', () => {
    expect(errorFor('firstName', 'Ane\u0301')).toBeUndefined();
  });

  it('only accepts the configured email domain', () => {
    const other = createRegistrationSchema('uni.fi');
    const values = { ...validValues, email: 'student@uni.fi' };
    expect(validateRegistration(other, values)).toEqual({});
    expect(validateRegistration(schema, values).email).toBe('email-format');
  });

  it('refuses values of the wrong type rather than throwing while normalising them', () => {
    const values = {
      ...validValues,
      firstName: null,
      terms: 'yes',
    } as unknown as RegistrationValues;
    expect(Object.keys(validateRegistration(schema, values))).toEqual(['firstName', 'terms']);
  });

  it('lists every failing field in form order', () => {
    const errors = validateRegistration(schema, { ...validValues, city: '', firstName: '' });
    expect(Object.keys(errors)).toEqual(['firstName', 'city']);
  });
});
