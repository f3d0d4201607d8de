/**
 * Whether the confirmation greets by the first name. The email goes out in the institution's name
 * to any address at EMAIL_DOMAIN that anyone may type, so the greeting carries the first name only
 * when it reads as a name, never a stranger's message ("urgent! Reset your login at …").
 */

/** More words than this are not taken for a first name. */
const maxGreetingNameWords = 3;

/** Letters of any script, each with its combining marks (a decomposed "Å" is one). */
const letters = String.raw`(?:\p{L}\p{M}*)+`;
/** Letters joined by single hyphens or apostrophes: "Anna-Maria", "O'Neill". */
const word = String.raw`${letters}(?:['-]${letters})*`;
const name = new RegExp(`^${word}(?: ${word}){0,${maxGreetingNameWords - 1}}$`, 'u');

/** The first name to greet with, or undefined for the neutral greeting. */
export function greetingName(firstName: string): string | undefined {
  return name.test(firstName) ? firstName : undefined;
}
