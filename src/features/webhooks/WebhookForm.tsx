/**
 * Registers a webhook endpoint: its URL, events and programmes, checked here as the API checks
 * them; each missing answer is named beside its field and in an error summary that takes the
 * focus. A URL the server refuses (not https, an address inside) is shown beside the URL.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { degreePrograms } from '../../contract/fields';
import { webhookEvents, webhookUrlMaxLength, type WebhookEvent } from '../../contract/webhooks';
import { ProblemSummary } from '../../components/ProblemSummary';
import { useFormatting } from '../console/useFormatting';
import { useCreateWebhookMutation } from './webhooksApi';

type DegreeProgram = (typeof degreePrograms)[number];

type Field = 'url' | 'events' | 'programmes';
const firstControl: Record<Field, string> = {
  url: 'webhook-url',
  events: `webhook-event-${webhookEvents[0]}`,
  programmes: `webhook-programme-${degreePrograms[0]}`,
};

/** The server's refusal of the URL, as its error answer says it. */
const refusalOf = (error: unknown) =>
  (error as { status?: number; data?: { message?: string } })?.status === 422
    ? (error as { data: { message: string } }).data.message
    : undefined;

export function WebhookForm({ onCreated }: { onCreated: (secret: string) => void }) {
  const { t } = useTranslation('staff');
  const format = useFormatting();
  const [create, { isLoading }] = useCreateWebhookMutation();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>([]);
  const [allProgrammes, setAllProgrammes] = useState(true);
  const [programmes, setProgrammes] = useState<DegreeProgram[]>([]);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failed, setFailed] = useState(false);
  const [checks, setChecks] = useState(0);
  const summary = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (checks > 0) summary.current?.focus();
  }, [checks]);

  const toggled = <T,>(list: T[], item: T, on: boolean) =>
    on ? [...list, item] : list.filter((other) => other !== item);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailed(false);
    const found: Partial<Record<Field, string>> = {};
    if (!/^https?:\/\/\S+$/i.test(url.trim())) found.url = t('webhook-url-missing');
    if (events.length === 0) found.events = t('webhook-events-missing');
    if (!allProgrammes && programmes.length === 0)
      found.programmes = t('webhook-programmes-missing');
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setChecks((count) => count + 1);
      return;
    }
    const answer = await create({
      url: url.trim(),
      events,
      programmes: allProgrammes ? 'all' : programmes,
    });
    if (answer.data) {
      setUrl('');
      setEvents([]);
      setProgrammes([]);
      setAllProgrammes(true);
      onCreated(answer.data.secret);
      return;
    }
    const refusal = refusalOf(answer.error);
    if (refusal) {
      setErrors({ url: t('webhook-url-refused', { reason: refusal }) });
      setChecks((count) => count + 1);
    } else {
      setFailed(true);
    }
  }

  const invalid = (Object.keys(firstControl) as Field[]).filter((field) => errors[field]);
  const label: Record<Field, string> = {
    url: t('webhook-url'),
    events: t('webhook-events'),
    programmes: t('webhook-programmes'),
  };
  const errorText = (field: Field) =>
    errors[field] && (
      <div id={`webhook-${field}-error`} className="invalid-feedback d-block">
        {errors[field]}
      </div>
    );

  return (
    <form onSubmit={submit} noValidate aria-labelledby="webhook-form-heading" className="mb-5">
      <h2 id="webhook-form-heading" className="h4">
        {t('webhook-form-heading')}
      </h2>
      <ProblemSummary
        idPrefix="webhook"
        problems={invalid.map((field) => ({
          controlId: firstControl[field],
          text: `${label[field]}: ${errors[field]}`,
        }))}
        summaryRef={summary}
      />
      <div className="mb-3">
        <label htmlFor="webhook-url" className="form-label">
          {label.url}
        </label>
        <div id="webhook-url-hint" className="form-text mt-0 mb-1">
          {t('webhook-url-hint')}
        </div>
        <input
          id="webhook-url"
          type="url"
          className={`form-control${errors.url ? ' is-invalid' : ''}`}
          value={url}
          maxLength={webhookUrlMaxLength}
          spellCheck={false}
          aria-describedby={`webhook-url-hint${errors.url ? ' webhook-url-error' : ''}`}
          aria-invalid={errors.url ? true : undefined}
          onChange={(event) => setUrl(event.target.value)}
        />
        {errorText('url')}
      </div>
      <fieldset
        className="mb-3"
        aria-describedby={errors.events ? 'webhook-events-error' : undefined}
      >
        <legend className="form-label fs-6">{label.events}</legend>
        {errorText('events')}
        {webhookEvents.map((name) => (
          <div key={name} className="form-check">
            <input
              id={`webhook-event-${name}`}
              type="checkbox"
              className="form-check-input"
              checked={events.includes(name)}
              onChange={(event) => setEvents(toggled(events, name, event.target.checked))}
            />
            <label htmlFor={`webhook-event-${name}`} className="form-check-label">
              {t(`webhook-event.${name}`)} <code>{name}</code>
            </label>
          </div>
        ))}
      </fieldset>
      <fieldset
        className="mb-3"
        aria-describedby={errors.programmes ? 'webhook-programmes-error' : undefined}
      >
        <legend className="form-label fs-6">{label.programmes}</legend>
        {errorText('programmes')}
        <div className="form-check">
          <input
            id="webhook-programmes-all"
            type="checkbox"
            className="form-check-input"
            checked={allProgrammes}
            onChange={(event) => setAllProgrammes(event.target.checked)}
          />
          <label htmlFor="webhook-programmes-all" className="form-check-label">
            {t('all-programmes')}
          </label>
        </div>
        {!allProgrammes &&
          degreePrograms.map((code) => (
            <div key={code} className="form-check ms-4">
              <input
                id={`webhook-programme-${code}`}
                type="checkbox"
                className="form-check-input"
                checked={programmes.includes(code)}
                onChange={(event) => setProgrammes(toggled(programmes, code, event.target.checked))}
              />
              <label htmlFor={`webhook-programme-${code}`} className="form-check-label">
                {format.programme(code)}
              </label>
            </div>
          ))}
      </fieldset>
      {failed && <p role="alert">{t('webhook-create-failed')}</p>}
      <button type="submit" className="btn btn-primary" disabled={isLoading}>
        {t('webhook-create')}
      </button>
    </form>
  );
}
