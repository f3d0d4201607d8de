import { useEffect, useState } from 'react';

/**
 * A correction form closes once the page shows the version its save was answered with: the store
 * tells the page of the corrected registration a frame after the answer, and "saved" shown beside
 * the old values would mislead.
 */
export function useClosedWhenShown(shownVersion: number, done: (saved: boolean) => void) {
  const [savedVersion, setSavedVersion] = useState<number>();
  useEffect(() => {
    if (savedVersion !== undefined && shownVersion >= savedVersion) done(true);
  }, [savedVersion, shownVersion, done]);
  return { closing: savedVersion !== undefined, closeWhenShown: setSavedVersion };
}
