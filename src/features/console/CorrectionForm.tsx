/**
 * Corrects a registration's fields under the form's own rules (the shared schema, loaded as the
 * applicant's form loads it, when the form is sent) and with the form's messages. As GOV.UK's
 * forms do: each invalid field says what is wrong beside it, and an error summary above names each
 * field, takes the focus and links to the field. Only the changed fields are checked and sent, on the version shown; the server checks
 * them again (422: the same keys, and a programme outside the person's access). What is typed
 * stays while the person is elsewhere in the console, and is saved on the version it began from.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldNames, type FieldName, type RegistrationValues } from '../../contract/fields';
import { programmeOutsideAccess } from '../../contract/processing';
import type { FieldErrors } from '../../contract/registrationSchema';
import { useClosedWhenShown } from '../registration/useClosedWhenShown';
import { changedFields, checkChanged, CorrectionFields } from '../registration/CorrectionFields';
import { refusedFieldsIn, versionConflictIn } from './apiErrors';
import { ConflictNotice } from './ConflictNotice';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useChangeRegistrationMutation } from './consoleApi';
import { correctionDrafted, selectCorrectionDraft } from './draftsSlice';
import { useFormatting } from './useFormatting';
import type { RegistrationViewProps } from './registrationView';

/** Half of the registration page's column is too narrow for an address or a programme's name. */
const wideFields = ['email', 'degreeProgram'] as const;

export function CorrectionForm({
  registration,
  member,
  done,
  reload,
}: RegistrationViewProps & {
  /** Closes the form: `corrected` when the correction was saved. */
  done: (corrected: boolean) => void;
}) {
  const { t } = useTranslation('staff');
  const format = useFormatting();
  const dispatch = useAppDispatch();
  // The correction as typed so far, kept while the person is elsewhere (draftsSlice.ts).
  const draft = useAppSelector((state) => selectCorrectionDraft(state, registration.id)) ?? {
    version: registration.version,
    fields: {},
  };
  const values = {
    ...Object.fromEntries(fieldNames.map((name) => [name, registration[name]])),
    ...draft.fields,
  } as RegistrationValues;
  const [errors, setErrors] = useState<FieldErrors>({});
  const [checks, setChecks] = useState(0);
  const [failed, setFailed] = useState(false);
  const summary = useRef<HTMLDivElement>(null);
  const [change, { error, isLoading, reset }] = useChangeRegistrationMutation();
  const { closing, closeWhenShown } = useClosedWhenShown(registration.version, done);
  const conflict = versionConflictIn(error);

  // A correction begun now starts at its first field; one come back to, at the page's heading.
  const resumed = useRef(Object.keys(draft.fields).length > 0);
  useEffect(() => {
    if (!resumed.current) document.getElementById(`correct-${fieldNames[0]}`)?.focus();
  }, []);
  // Each refused send puts the focus on the summary, which names what to fix.
  useEffect(() => {
    if (checks > 0) summary.current?.focus();
  }, [checks]);

  const message = (key: string) =>
    key === programmeOutsideAccess ? t('programme-outside-access') : format.message(key);

  async function send(event: FormEvent) {
    event.preventDefault();
    if (isLoading || closing) return;
    setFailed(false);
    const changed = changedFields(values, registration);
    if (changed.length === 0) return done(false);
    let found: FieldErrors;
    try {
      found = await checkChanged(values, changed);
    } catch {
      return setFailed(true); // the rules could not be fetched (offline, say)
    }
    if (Object.keys(found).length === 0) {
      const fields = Object.fromEntries(changed.map((field) => [field, values[field]]));
      const result = await change({
        id: registration.id,
        version: draft.version,
        change: { fields },
      });
      if (!('error' in result)) return closeWhenShown(result.data.version);
      found = refusedFieldsIn(result.error) ?? {};
    }
    setErrors(found);
    if (Object.keys(found).length > 0) setChecks((count) => count + 1);
  }

  const set = (field: FieldName, value: string | boolean) => {
    // A field typed back to what it was is no longer a change.
    const fields = { ...draft.fields, [field]: value };
    if (value === registration[field]) delete fields[field];
    dispatch(correctionDrafted({ id: registration.id, version: draft.version, fields }));
  };

  // Programmes outside the person's access are not offered (the one it is in stays).
  const programmes = [...new Set([registration.degreeProgram, ...member.programmes])];

  return (
    <form onSubmit={send} noValidate aria-labelledby="correction-heading">
      <h3 id="correction-heading" className="h5">
        {t('correction-heading')}
      </h3>
      <CorrectionFields
        idPrefix="correct"
        values={values}
        errors={errors}
        set={set}
        label={format.label}
        hint={format.hint}
        message={message}
        programmes={programmes}
        programmeName={format.programme}
        summaryHeading="h4"
        summaryRef={summary}
        autoComplete="off"
        wide={wideFields}
      />
      {conflict && (
        <ConflictNotice
          conflict={conflict}
          me={member.subject}
          reload={() => {
            reset();
            reload();
            done(false);
          }}
        />
      )}
      {(failed || (error && !conflict && !refusedFieldsIn(error))) && (
        <p role="alert" className="text-danger">
          {t('change-failed')}
        </p>
      )}
      <div className="d-flex flex-wrap gap-2">
        <button
          type="submit"
          className="btn btn-primary"
          aria-disabled={isLoading || closing || undefined}
        >
          {t('correction-save')}
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => done(false)}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}
