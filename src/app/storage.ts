/**
 * sessionStorage that never throws: a browser may refuse storage (privacy mode, quota), in which
 * case the form still works and simply does not persist.
 */
export const storageKeys = {
  language: 'user-language',
  formData: 'form-data',
  /** /my: a registration was withdrawn in this tab (a flag; no personal data). */
  applicantWithdrawn: 'applicant-withdrawn',
} as const;

type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];

export function readStored(key: StorageKey): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStored(key: StorageKey, value: string): void {
  try {
    window.sessionStorage.setItem(key, value);
  } catch {
    // Storage unavailable or full: keep working without persistence.
  }
}

export function removeStored(key: StorageKey): void {
  try {
    window.sessionStorage.removeItem(key);
  } catch {
    // As above.
  }
}

/** Parsed JSON from storage, or undefined when missing or corrupt. */
export function readStoredJson(key: StorageKey): unknown {
  const text = readStored(key);
  if (text === null) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
