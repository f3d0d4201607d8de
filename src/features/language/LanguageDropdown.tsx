import { useEffect, useState } from 'react';
import { LanguageToggleLabel, languageToggle } from './LanguageToggleLabel';
import type { LanguageMenu } from './LanguageMenu';

const loadLanguageMenu = () => import('./LanguageMenu.js');

type Loaded = { Menu: typeof LanguageMenu; focusToggle: boolean };

/**
 * The language switcher. The first paint does not need its menu, react-bootstrap's Dropdown with
 * popper, so that loads once the page is up; until then the switcher is a copy of its toggle,
 * which looks and reads the same and opens the menu as soon as it has loaded.
 */
export function LanguageDropdown() {
  const [loaded, setLoaded] = useState<Loaded>();
  const [openAtOnce, setOpenAtOnce] = useState(false);

  const load = () =>
    loadLanguageMenu().then(
      ({ LanguageMenu: Menu }) =>
        setLoaded({ Menu, focusToggle: document.activeElement?.id === languageToggle.id }),
      // Offline: the copy stays, and a click tries again.
      () => undefined,
    );
  useEffect(() => void load(), []);

  if (loaded) return <loaded.Menu openAtOnce={openAtOnce} focusToggle={loaded.focusToggle} />;
  return (
    <div className="dropdown">
      <button
        type="button"
        id={languageToggle.id}
        aria-expanded="false"
        className={`dropdown-toggle btn btn-${languageToggle.variant} btn-${languageToggle.size}`}
        onClick={() => {
          setOpenAtOnce(true);
          void load();
        }}
      >
        <LanguageToggleLabel />
      </button>
    </div>
  );
}
