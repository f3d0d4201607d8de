import { useState } from 'react';
import { LanguageToggleLabel, languageToggle } from './LanguageToggleLabel';
import type { LanguageMenu } from './LanguageMenu';

// Fetched when the browser is idle (webpack's prefetch), run on the first click.
const loadLanguageMenu = () => import(/* webpackPrefetch: true */ './LanguageMenu.js');

/**
 * The language switcher. The first paint does not need its menu, react-bootstrap's Dropdown with
 * popper: until the first click the switcher is a copy of the Dropdown's toggle, which looks and
 * reads the same. That click puts the real one in its place, open; offline, a click tries again.
 */
export function LanguageDropdown() {
  const [Menu, setMenu] = useState<typeof LanguageMenu>();
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
