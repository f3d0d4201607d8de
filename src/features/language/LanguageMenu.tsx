import { useLayoutEffect, useState } from 'react';
import Dropdown from 'react-bootstrap/Dropdown';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { languageChanged, selectLanguage } from './languageSlice';
import { languageNames } from '../../contract/languages';
import { offeredLanguages } from './offeredLanguages';
import { LanguageToggleLabel, languageToggle } from './LanguageToggleLabel';

/**
 * The switcher with its menu (react-bootstrap's Dropdown, positioned by popper). It takes the
 * place of the first paint's copy (LanguageDropdown) when that is clicked, so it starts open,
 * with the focus on its toggle. Lists every offered language but the current one, each in its own
 * language.
 */
export function LanguageMenu() {
  const current = useAppSelector(selectLanguage);
  // The menu is in the page only while open: closed, react-bootstrap leaves popper's attributes
  // (x-placement, aria-labelledby on a plain div) that are not valid HTML.
  const [open, setOpen] = useState(true);
  const dispatch = useAppDispatch();

  useLayoutEffect(() => document.getElementById(languageToggle.id)?.focus(), []);

  return (
    <Dropdown align="end" show={open} onToggle={setOpen}>
      <Dropdown.Toggle
        variant={languageToggle.variant}
        size={languageToggle.size}
        id={languageToggle.id}
      >
        <LanguageToggleLabel />
      </Dropdown.Toggle>
      {open && (
        <Dropdown.Menu>
          {offeredLanguages()
            .filter((language) => language !== current)
            .map((language) => (
              <Dropdown.Item
                key={language}
                as="button"
                lang={language}
                onClick={() => dispatch(languageChanged(language))}
              >
                {languageNames[language]}
              </Dropdown.Item>
            ))}
        </Dropdown.Menu>
      )}
    </Dropdown>
  );
}
