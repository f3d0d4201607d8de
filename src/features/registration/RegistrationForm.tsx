import { lazy, useEffect, useRef, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../app/hooks';
import { announce } from '../../app/announcer';
import { trackPresses } from '../../app/press';
import { OnDemandPart } from '../../app/ErrorBoundary';
import { dismissToasts, showErrorToast } from '../../app/toasts';
import { DegreeProgramField } from './DegreeProgramField';
import { fieldNames, fieldSpec, type FieldName, type FieldSpec } from '../../contract/fields';
import { registrationFormId } from './fieldIds';
import { FocusFirstInvalidField } from './FocusFirstInvalidField';
import { InvalidFormToast, invalidFormToastId } from './InvalidFormToast';
import { PaymentNotes } from './PaymentNotes';
import { submitRegistration } from './submitRegistration';
import { TermsField } from './TermsField';
import { TextField } from './TextField';
import { useTakeOverPrerenderedForm } from './useTakeOverPrerenderedForm';
import { fetchValidationRules } from './validation';

// Only an invalid submit shows it: it loads then, not with the form.
const ErrorSummary = lazy(() =>
  import('./ErrorSummary.js').then((module) => ({ default: module.ErrorSummary })),
);

const sections: FieldSpec['section'][] = ['personal', 'contact', 'study', 'terms'];

/** Bootstrap grid columns: how wide each control is on larger screens. */
const widthOf = {
  firstName: 'col-md-6',
  lastName: 'col-md-6',
  birthday: 'col-md-6',
  phoneNumber: 'col-md-6',
  email: 'col-md-6',
  address: 'col-12',
  zipcode: 'col-sm-4',
  city: 'col-sm-8',
  country: 'col-md-6',
  startedYear: 'col-sm-4',
  degreeProgram: 'col-sm-8',
  terms: 'col-12',
} satisfies Record<FieldName, string>;

function FieldControl({ field }: { field: FieldName }) {
  const className = widthOf[field];
  if (field === 'terms') {
    return (
      <div className={className}>
        <TermsField />
      </div>
    );
  }
  if (field === 'degreeProgram') return <DegreeProgramField className={className} />;
  return <TextField field={field} className={className} />;
}

/** Step 1. It reads no form state itself, so typing re-renders only the field typed in. */
export function RegistrationForm() {
  const [invalidSubmits, setInvalidSubmits] = useState(0);
  const [submitUnavailable, setSubmitUnavailable] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  useTakeOverPrerenderedForm(form);
  // A field left by a press marks itself touched after it (useField), so the press is not lost.
  useEffect(trackPresses, []);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { t } = useTranslation();

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    // One at a time: a submit may wait for code still on its way (the rules, the send step).
    if (submitting) return;
    setSubmitting(true);
    const outcome = await dispatch(submitRegistration());
    setSubmitting(false);
    setSubmitUnavailable(outcome === 'unavailable');
    if (outcome === 'unavailable') return;
    if (outcome === 'invalid') {
      void showErrorToast(<InvalidFormToast />, {
        toastId: invalidFormToastId,
        position: 'top-right',
        // Not a live region of its own: the announcer reads the message (once).
        role: 'note',
      });
      announce(`${t('form.invalid-toast-header')}. ${t('form.invalid-toast-message')}`);
      // The error summary takes focus once it has rendered.
      setInvalidSubmits((count) => count + 1);
      return;
    }
    void dismissToasts();
    navigate('/send');
  }

  return (
    <Form
      ref={form}
      id={registrationFormId}
      noValidate
      onFocus={fetchValidationRules}
      onSubmit={(event) => void handleSubmit(event)}
      className="registration-form"
    >
      {invalidSubmits > 0 && (
        // Without it (offline), the messages under the fields remain, and focus goes to the first.
        <OnDemandPart unavailable={<FocusFirstInvalidField submits={invalidSubmits} />}>
          <ErrorSummary submits={invalidSubmits} />
        </OnDemandPart>
      )}
      <p className="text-body-secondary">{t('form.all-required-note')}</p>

      {sections.map((section) => (
        <fieldset key={section} className="form-section">
          <legend className="h4">{t(`form.${section}-heading`)}</legend>
          <div className="row g-3">
            {fieldNames
              .filter((field) => fieldSpec(field).section === section)
              .map((field) => (
                <FieldControl key={field} field={field} />
              ))}
          </div>
        </fieldset>
      ))}

      <PaymentNotes />

      {submitUnavailable && (
        // Beside the button just pressed: offline, say, or this page's files replaced by a newer
        // version's. It stays until a submit gets through.
        <div className="error-summary mt-4" role="alert">
          <h2 className="h4">{t('form.error-summary-heading')}</h2>
          <p className="mb-0">{t('form.submit-unavailable')}</p>
        </div>
      )}

      <Button type="submit" size="lg" className="mt-4" aria-disabled={submitting || undefined}>
        {t('form.submit-label')}
        {submitting && <span className="submit-pending spinner-border" aria-hidden="true" />}
      </Button>
    </Form>
  );
}
