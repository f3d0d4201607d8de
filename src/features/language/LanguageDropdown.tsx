import { useEffect, useState } from 'react';
import { LanguageToggleLabel, languageToggle } from './LanguageToggleLabel';
import type { LanguageMenu } from './LanguageMenu';

const loadLanguageMenu = () => import('./LanguageMenu.js');

/**
 * The language switcher. The first paint does not need its menu, react-bootstrap's Dropdown with
 * popper: that loads once the page is up, while the switcher is a copy of the Dropdown's toggle,
 * which looks and reads the same. The first click puts the real one in its place, open.
 */
export function LanguageDropdown() {
  const [Menu, setMenu] = useState<typeof LanguageMenu>();
  // Fetched now, so that the first click finds it at hand; offline, a click tries again.
  useEffect(() => void loadLanguageMenu().catch(() => undefined), []);

  if (Menu) return <Menu />;
  return (
    <div className="dropdown">
      <button
        type="button"
        id={languageToggle.id}
        aria-expanded="false"
        className={`dropdown-toggle btn btn-${languageToggle.variant} btn-${languageToggle.size}`}
        onClick={() =>
          void loadLanguageMenu().then(
            ({ LanguageMenu: Loaded }) => setMenu(() => Loaded),
            () => undefined,
          )
        }
      >
        <LanguageToggleLabel />
      </button>
    </div>
  );
}
