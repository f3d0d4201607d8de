import { useState } from 'react';
import { useAppSelector } from '../../app/hooks';
import { selectLanguage } from './languageSlice';
import { languageParameter } from '../../contract/languages';
import { offeredLanguages } from './offeredLanguages';
import { LanguageToggleLabel, languageToggle } from './LanguageToggleLabel';
import type { LanguageMenu } from './LanguageMenu';

const loadLanguageMenu = () => import('./LanguageMenu.js');
/** On a sign that a click may come (a pointer over the toggle, the focus on it): fetch ahead. */
const fetchAhead = () => void loadLanguageMenu().catch(() => undefined);

/**
 * The language switcher. The first paint does not need its menu, react-bootstrap's Dropdown with
 * popper: until the first click the switcher is a copy of the Dropdown's toggle, which looks and
 * reads the same. The menu is fetched when a pointer comes over the copy or the focus reaches it,
 * and the click puts the real one in its place, open; offline, a click tries again. Until React
 * has it (a press on a slow phone comes sooner), the copy submits a form that asks for the start
 * page in the next language offered (`/?lang=en`).
 */
export function LanguageDropdown() {
  const [Menu, setMenu] = useState<typeof LanguageMenu>();
  const current = useAppSelector(selectLanguage);
  if (Menu) return <Menu />;
  return (
    <form className="dropdown" action="/">
      <button
        name={languageParameter}
        value={offeredLanguages().find((language) => language !== current)}
        id={languageToggle.id}
        aria-expanded="false"
        className={`dropdown-toggle btn btn-${languageToggle.variant} btn-${languageToggle.size}`}
        onPointerEnter={fetchAhead}
        onFocus={fetchAhead}
        onClick={(event) => {
          event.preventDefault();
          void loadLanguageMenu().then(
            ({ LanguageMenu: Loaded }) => setMenu(() => Loaded),
            () => undefined,
          );
        }}
      >
        <LanguageToggleLabel />
      </button>
    </form>
  );
}
