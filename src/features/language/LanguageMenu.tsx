import { useLayoutEffect, useState } from 'react';
import Dropdown from 'react-bootstrap/Dropdown';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { languageChanged, selectLanguage } from './languageSlice';
import { languageNames, languages } from './languages';
import { LanguageToggleLabel, languageToggle } from './LanguageToggleLabel';

/**
 * The switcher with its menu (react-bootstrap's Dropdown, positioned by popper), which loads after
 * the first paint. Lists every language but the current one, each named in its own language.
 */
export function LanguageMenu({
  openAtOnce,
  focusToggle,
}: {
  openAtOnce: boolean;
  focusToggle: boolean;
}) {
  const current = useAppSelector(selectLanguage);
  // The menu is in the page only while open: closed, react-bootstrap leaves popper's attributes
  // (x-placement, aria-labelledby on a plain div) that are not valid HTML.
  const [open, setOpen] = useState(openAtOnce);
  const dispatch = useAppDispatch();

  // This toggle replaces the first paint's copy; focus stays where the applicant had it.
  useLayoutEffect(() => {
    if (focusToggle) document.getElementById(languageToggle.id)?.focus();
  }, [focusToggle]);

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
          {languages
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
