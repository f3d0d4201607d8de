import type { RegistrationValues } from '../../src/features/registration/fields';

/** A complete, valid registration. */
export const validValues: RegistrationValues = {
  firstName: 'Åsa-Maria',
  lastName: "O'Brien Nyström",
  birthday: '29.02.2000',
  phoneNumber: '+358 40 123 4567',
  email: 'asa.nystrom@example.edu',
  address: 'Sjögatan 12 B 4',
  zipcode: '00100',
  city: 'Helsingfors',
  country: 'Finland',
  startedYear: '2025',
  degreeProgram: 'IT',
  terms: true,
};
