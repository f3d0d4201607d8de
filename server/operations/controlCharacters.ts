/**
 * Characters that change how a terminal shows what follows them rather than showing themselves:
 * C0 and C1 controls and DEL (ESC starts terminal commands, CR and LF start a forged line), the
 * Unicode line and paragraph separators, and the bidirectional controls, which reorder a line.
 */
const controlCharacters = /[\p{Cc}\u2028\u2029\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;

export function hasControlCharacters(text: string): boolean {
  return new RegExp(controlCharacters.source, 'u').test(text);
}

export function withoutControlCharacters(text: string): string {
  return text.replace(controlCharacters, '');
}

/** A message for a terminal: its lines kept, every other control character taken out. */
export function printableMessage(message: string): string {
  return message.split('\n').map(withoutControlCharacters).join('\n');
}
