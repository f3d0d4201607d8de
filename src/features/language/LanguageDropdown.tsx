import { useState } from 'react';
import { LanguageToggleLabel, languageToggle } from './LanguageToggleLabel';
import type { LanguageMenu } from './LanguageMenu';

const loadLanguageMenu = () => import('./LanguageMenu.js');
/** On a sign that a click may come (a pointer over the toggle, the focus on it): fetch ahead. */
const fetchAhead = () => void loadLanguageMenu().catch(() => undefined);

/**
 * The language switcher. The first paint does not need its menu, react-bootstrap's Dropdown with
 * popper: until the first click the switcher is a copy of the Dropdown's toggle, which looks and
 * reads the same. The menu is fetched when a pointer comes over the copy or the focus reaches it,
 * and the click puts the real one in its place, open; offline, a click tries again.
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
        onPointerEnter={fetchAhead}
        onFocus={fetchAhead}
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
