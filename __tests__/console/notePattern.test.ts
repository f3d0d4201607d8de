/**
 * A note's pattern (issue 43), as the staff API's schema and the console read it (`u` flag): every
 * character of Unicode's basic plane, one by one, and the line breaks.
 */
import { notePattern } from '../../src/contract/processing';

const rule = new RegExp(notePattern, 'u');

/** What the pattern refuses, but for CR, which it takes only before LF. */
const refusedRanges: [number, number][] = [
  [0x0000, 0x0008],
  [0x000b, 0x001f],
  [0x007f, 0x009f],
  [0x061c, 0x061c],
  [0x200e, 0x200f],
  [0x2028, 0x2029],
  [0x202a, 0x202e],
  [0x2066, 0x2069],
];
const refused = (code: number) => refusedRanges.some(([from, to]) => code >= from && code <= to);

describe("a note's pattern", () => {
  it('refuses exactly the C0 controls but tab and line breaks, DEL, C1, bidi controls and the line separators', () => {
    const wrong: string[] = [];
    for (let code = 0; code <= 0xffff; code++) {
      // Lone surrogates are no text: the pattern's `u` flag reads a pair as one character.
      if (code >= 0xd800 && code <= 0xdfff) continue;
      if (rule.test(`a${String.fromCharCode(code)}b`) === refused(code)) {
        wrong.push(`U+${code.toString(16).padStart(4, '0')}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it.each([
    ['a line break', 'one\ntwo', true],
    ['a Windows line break', 'one\r\ntwo', true],
    ['a tab', 'name:\tvalue', true],
    ['a character outside the basic plane', 'ok 👍', true],
    ['a lone CR', 'one\rtwo', false],
    ['CR at the end', 'one\r', false],
    ['spaces and line breaks only', ' \n\t\r\n ', false],
    ['nothing', '', false],
  ])('%s', (_what, text, taken) => {
    expect(rule.test(text)).toBe(taken);
  });
});
