/**
 * Makes a token: its name, its programmes (all, or those chosen) and its last day. As GOV.UK's
 * forms do: visible labels and hints, each message beside its field, and an error summary that
 * names each field, takes the focus and links to it. The token made is shown once, to copy; its
 * "Done" brings the form back with the focus on its heading, where the panel was.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { degreePrograms } from '../../contract/fields';
import { apiTokenNameLength } from '../../contract/apiTokenLimits';
import { ProblemSummary } from '../../components/ProblemSummary';
import { useFormatting } from '../console/useFormatting';
import { useCreateApiTokenMutation } from './apiTokensApi';
import { NewToken } from './NewToken';
import {
  checkTokenForm,
  expiryRange,
  tokenBodyOf,
  type TokenFormField,
  type TokenFormValues,
} from './tokenForm';

const controlId: Record<TokenFormField, string> = {
  name: 'token-name',
  programmes: 'token-scope-all',
  expires: 'token-expires',
};

const initialValues = (): TokenFormValues => ({
  name: '',
  scope: 'all',
  programmes: [],
  expires: expiryRange().max,
});

export function CreateTokenForm() {
  const { t } = useTranslation('staff');
  const format = useFormatting();
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<Partial<Record<TokenFormField, string>>>({});
  const [checks, setChecks] = useState(0);
  const summary = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const [secretsClosed, setSecretsClosed] = useState(0);
  const [create, { data: created, isError, isLoading, reset }] = useCreateApiTokenMutation();

  useEffect(() => {
    if (checks > 0) summary.current?.focus();
  }, [checks]);

  // The panel and its button are gone: without this the focus would fall to the page's start.
  useEffect(() => {
    if (secretsClosed > 0) heading.current?.focus();
  }, [secretsClosed]);

  function closeSecret() {
    reset();
    setSecretsClosed((count) => count + 1);
  }

  const set = (change: Partial<TokenFormValues>) =>
    setValues((current) => ({ ...current, ...change }));
  const invalid = (Object.keys(controlId) as TokenFormField[]).filter((field) => errors[field]);
  const label: Record<TokenFormField, string> = {
    name: t('tokens.name-label'),
    programmes: t('tokens.programmes-legend'),
    expires: t('tokens.expires-label'),
  };

  async function send(event: FormEvent) {
    event.preventDefault();
    if (isLoading) return;
    const found = checkTokenForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return setChecks((count) => count + 1);
    const result = await create(tokenBodyOf(values));
    if (!('error' in result)) setValues(initialValues());
  }

  if (created) {
    return <NewToken token={created.token} done={closeSecret} />;
  }

  const feedback = (field: TokenFormField) =>
    errors[field] && (
      <div id={`${controlId[field]}-error`} className="invalid-feedback d-block">
        {t(`tokens.${errors[field]}`)}
      </div>
    );
  const describedBy = (field: TokenFormField, hint: string) =>
    [hint, errors[field] && `${controlId[field]}-error`].filter(Boolean).join(' ');

  return (
    <form onSubmit={send} noValidate aria-labelledby="create-token-heading" className="mb-5">
      <h2 id="create-token-heading" ref={heading} tabIndex={-1} className="h4">
        {t('tokens.create-heading')}
      </h2>
      <ProblemSummary
        idPrefix="token"
        problems={invalid.map((field) => ({
          controlId: controlId[field],
          text: `${label[field]}: ${t(`tokens.${errors[field]}`)}`,
        }))}
        summaryRef={summary}
      />
      <div className="mb-3">
        <label className="form-label mb-0" htmlFor={controlId.name}>
          {label.name}
        </label>
        <div id="token-name-hint" className="form-text mt-0 mb-1">
          {t('tokens.name-hint')}
        </div>
        <input
          id={controlId.name}
          type="text"
          autoComplete="off"
          maxLength={apiTokenNameLength.max}
          className={`form-control${errors.name ? ' is-invalid' : ''}`}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={describedBy('name', 'token-name-hint')}
          value={values.name}
          onChange={(event) => set({ name: event.target.value })}
        />
        {feedback('name')}
      </div>
      <fieldset className="mb-3" aria-describedby={errors.programmes && 'token-scope-all-error'}>
        <legend className="form-label fs-6 mb-1">{label.programmes}</legend>
        {(['all', 'chosen'] as const).map((scope) => (
          <div key={scope} className="form-check">
            <input
              id={`token-scope-${scope}`}
              type="radio"
              name="token-scope"
              className="form-check-input"
              checked={values.scope === scope}
              onChange={() => set({ scope })}
            />
            <label className="form-check-label" htmlFor={`token-scope-${scope}`}>
              {t(`tokens.scope-${scope}`)}
            </label>
          </div>
        ))}
        {values.scope === 'chosen' && (
          <div className="ms-4 mt-1">
            {degreePrograms.map((code) => (
              <div key={code} className="form-check">
                <input
                  id={`token-programme-${code}`}
                  type="checkbox"
                  className={`form-check-input${errors.programmes ? ' is-invalid' : ''}`}
                  checked={values.programmes.includes(code)}
                  onChange={(event) =>
                    set({
                      programmes: event.target.checked
                        ? [...values.programmes, code]
                        : values.programmes.filter((chosen) => chosen !== code),
                    })
                  }
                />
                <label className="form-check-label" htmlFor={`token-programme-${code}`}>
                  {format.programme(code)}
                </label>
              </div>
            ))}
          </div>
        )}
        {feedback('programmes')}
      </fieldset>
      <div className="mb-3">
        <label className="form-label mb-0" htmlFor={controlId.expires}>
          {label.expires}
        </label>
        <div id="token-expires-hint" className="form-text mt-0 mb-1">
          {t('tokens.expires-hint')}
        </div>
        <input
          id={controlId.expires}
          type="date"
          {...expiryRange()}
          className={`form-control w-auto${errors.expires ? ' is-invalid' : ''}`}
          aria-invalid={errors.expires ? true : undefined}
          aria-describedby={describedBy('expires', 'token-expires-hint')}
          value={values.expires}
          onChange={(event) => set({ expires: event.target.value })}
        />
        {feedback('expires')}
      </div>
      {isError && (
        <p role="alert" className="text-danger">
          {t('tokens.create-failed')}
        </p>
      )}
      <button type="submit" className="btn btn-primary">
        {t('tokens.create')}
      </button>
    </form>
  );
}
