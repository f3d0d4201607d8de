/**
 * The code an applicant quotes to the staff: 8 characters without look-alikes (0/O, 1/I/L),
 * 31^8 ≈ 8.5·10^11 codes. Drawn here rather than by the column's default (migration 2), which
 * costs the embedded database a sub-query per row; the unique index still has the last word.
 */
import { randomInt } from 'node:crypto';

const alphabet = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const length = 8;
const codes = alphabet.length ** length;

export function newRegistrationReference(): string {
  let number = randomInt(codes);
  let reference = '';
  for (let place = 0; place < length; place++) {
    reference += alphabet[number % alphabet.length];
    number = Math.floor(number / alphabet.length);
  }
  return reference;
}

/** Whether `text` is a code this server could have drawn: a restored row must be one. */
export function isRegistrationReference(text: unknown): boolean {
  return (
    typeof text === 'string' &&
    text.length === length &&
    [...text].every((character) => alphabet.includes(character))
  );
}
