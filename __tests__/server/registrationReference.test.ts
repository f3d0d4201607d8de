/** @jest-environment node */
import { newRegistrationReference } from '../../server/db/registrationReference';

const draws = Array.from({ length: 10_000 }, () => newRegistrationReference());

describe('a new registration reference', () => {
  it('is 8 characters without look-alikes: no 0, O, 1, I or L', () => {
    for (const reference of draws) expect(reference).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
  });

  it('draws every one of the 31 characters in every place', () => {
    for (let place = 0; place < 8; place++) {
      const seen = new Set(draws.map((reference) => reference[place]));
      expect(seen.size).toBe(31);
    }
  });
});
