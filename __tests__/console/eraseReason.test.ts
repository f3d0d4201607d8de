import { identifyingFieldIn } from '../../src/contract/eraseReason';
import { validValues } from '../../testing/registrations';

const applicant = {
  ...validValues,
  firstName: "D'Angelo Per",
  lastName: 'Øster-Ågren',
  email: 'b.smuggel@example.edu',
  birthday: '05.06.2002',
  address: 'Kyrkoesplanaden 12 B 4',
  phoneNumber: '+358 40 123 4567',
};

describe("an erase's reason", () => {
  it.each([
    ['Angelo asked for it', 'firstName'], // a part of a first name
    ['D’Angelo asked', 'firstName'], // the typographic apostrophe
    ['Per e-post', 'firstName'], // a name that is also a word: refused, and the field named
    ['Asked by OSTER-AGREN', 'lastName'],
    ['ägrens begäran', 'lastName'], // a part, in the genitive, accents or not
    ['Öster\u00adÅgren called', 'lastName'], // a soft hyphen inside
    ['Ö s t e r - Å g r e n', 'lastName'], // spaced out
    ['From B.SMUGGEL@EXAMPLE.EDU', 'email'],
    ['mail from b.smuggel', 'email'],
    ['Lives at kyrkoesplanaden', 'address'],
    ['born 2002-06-05', 'birthday'],
    ['born 5.6.2002', 'birthday'],
    ['Called from 040-123 4567', 'phoneNumber'],
    ['Called from +358401234567', 'phoneNumber'],
  ])('finds the applicant in %j (%s)', (reason, field) => {
    expect(identifyingFieldIn(reason, applicant)).toBe(field);
  });

  it.each([
    'The applicant asked for erasure by email',
    'Perhaps a duplicate of 37KUMYE8', // "Per" only as part of a word
    'Test registration sent on 24.11.2026',
    'Duplicate; phone number given twice',
  ])('lets %j through', (reason) => {
    expect(identifyingFieldIn(reason, applicant)).toBeUndefined();
  });
});
