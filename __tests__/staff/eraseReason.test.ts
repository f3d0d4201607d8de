import { reasonIdentifiesApplicant } from '../../src/features/staff/eraseReason';
import { validValues } from '../../testing/registrations';

const applicant = { ...validValues, firstName: 'Mark', lastName: 'Øster-Ågren' };

describe("an erase's reason", () => {
  it.each([
    'Mark asked for it by email',
    'Asked by OSTER-AGREN',
    'ägren wants it gone', // a part of a double-barrelled name, accents or not
    'Öster called',
    `From ${validValues.email.toUpperCase()}`,
    'Called from 040-123 4567',
    'born 29.02.2000, asked to erase',
    'Lives at sjögatan 12 b 4',
  ])('finds the applicant in %j', (reason) => {
    expect(reasonIdentifiesApplicant(reason, applicant)).toBe(true);
  });

  it.each([
    'The applicant asked for erasure by email',
    'Marked as a duplicate of 37KUMYE8', // "Mark" only as part of a word
    'Test registration sent on 24.11.2026',
    'Duplicate; phone number given twice',
  ])('lets %j through', (reason) => {
    expect(reasonIdentifiesApplicant(reason, applicant)).toBe(false);
  });
});
