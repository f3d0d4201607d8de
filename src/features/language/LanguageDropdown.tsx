import { useState } from 'react';
import Dropdown from 'react-bootstrap/Dropdown';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { languageChanged, selectLanguage } from './languageSlice';
import { languageNames, languages } from './languages';

/** Lists every language but the current one, each named in its own language. */
export function LanguageDropdown() {
  const current = useAppSelector(selectLanguage);
  // The menu is in the page only while open: closed, react-bootstrap leaves popper's attributes
  // (x-placement, aria-labelledby on a plain div) that are not valid HTML.
  const [open, setOpen] = useState(false);
  const dispatch = useAppDispatch();
  const { t } = useTranslation();

  return (
    <Dropdown align="end" show={open} onToggle={setOpen}>
      <Dropdown.Toggle variant="outline-light" size="sm" id="language-switcher">
        <span className="visually-hidden">{t('general.language-label')}: </span>
        <span lang={current}>{languageNames[current]}</span>
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
