import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { makeStore } from '../../src/app/store';
import { createI18n } from '../../src/features/language/i18n';
import { RegistrationForm } from '../../src/features/registration/RegistrationForm';
import { translations } from '../support/renderApp';

const mockRenders: Record<string, number> = {};

// Each text field of the real form renders inside a Profiler named after the field.
jest.mock('../../src/features/registration/TextField', () => {
  const { createElement, Profiler } = jest.requireActual('react');
  const actual = jest.requireActual('../../src/features/registration/TextField');
  return {
    TextField: (props: { field: string }) =>
      createElement(
        Profiler,
        {
          id: props.field,
          onRender: (id: string) => {
            mockRenders[id] = (mockRenders[id] ?? 0) + 1;
          },
        },
        createElement(actual.TextField, props),
      ),
  };
});

it('re-renders only the field being typed in, not the form or the other fields', async () => {
  const user = userEvent.setup();
  const i18n = createI18n('sv', {
    sv: { translation: translations.sv },
    en: { translation: translations.en },
  });
  render(
    <Provider store={makeStore()}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>
          <RegistrationForm />
        </MemoryRouter>
      </I18nextProvider>
    </Provider>,
  );
  const before = { ...mockRenders };
  expect(Object.keys(before)).toHaveLength(10);

  await user.type(screen.getByLabelText(translations.sv.form['firstName-label']), 'Anna');

  expect(screen.getByLabelText(translations.sv.form['firstName-label'])).toHaveValue('Anna');
  expect(mockRenders.firstName - before.firstName).toBe(4);
  // Had the form itself re-rendered, every field in it would have rendered again too.
  const others = Object.keys(before).filter((field) => field !== 'firstName');
  for (const field of others) expect(mockRenders[field]).toBe(before[field]);
});
