import type { FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../app/hooks';
import { dismissToasts, showErrorToast } from '../../app/toasts';
import { config } from '../../config';
import { DegreeProgramField } from './DegreeProgramField';
import { InvalidFormToast, invalidFormToastId } from './InvalidFormToast';
import { PaymentNotes } from './PaymentNotes';
import { submitRegistration } from './submitRegistration';
import { TermsField } from './TermsField';
import { TextField } from './TextField';

/** Step 1. It reads no form state itself, so typing re-renders only the field typed in. */
export function RegistrationForm() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { t } = useTranslation();

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const outcome = dispatch(submitRegistration());
    if (!outcome.valid) {
      void showErrorToast(<InvalidFormToast />, {
        toastId: invalidFormToastId,
        position: 'top-right',
        autoClose: 5000,
        pauseOnHover: true,
        hideProgressBar: false,
      });
      document.getElementById(outcome.firstInvalidField)?.focus();
      return;
    }
    void dismissToasts();
    navigate('/send');
  }

  return (
    <Form noValidate onSubmit={handleSubmit} className="registration-form">
      <p className="text-body-secondary">{t('form.all-required-note')}</p>

      <fieldset className="form-section">
        <legend className="h4">{t('form.personal-heading')}</legend>
        <div className="row g-3">
          <TextField className="col-md-6" field="firstName" autoComplete="given-name" />
          <TextField className="col-md-6" field="lastName" autoComplete="family-name" />
          <TextField
            className="col-md-6"
            field="birthday"
            autoComplete="bday"
            inputMode="decimal"
            hasHint
          />
        </div>
      </fieldset>

      <fieldset className="form-section">
        <legend className="h4">{t('form.contact-heading')}</legend>
        <div className="row g-3">
          <TextField
            className="col-md-6"
            field="phoneNumber"
            type="tel"
            autoComplete="tel"
            hasHint
          />
          <TextField
            className="col-md-6"
            field="email"
            type="email"
            autoComplete="email"
            hasHint
            hintValues={{ domain: config.emailDomain }}
          />
          <TextField className="col-12" field="address" autoComplete="street-address" />
          <TextField className="col-sm-4" field="zipcode" autoComplete="postal-code" />
          <TextField className="col-sm-8" field="city" autoComplete="address-level2" />
          <TextField className="col-md-6" field="country" autoComplete="country-name" />
        </div>
      </fieldset>

      <fieldset className="form-section">
        <legend className="h4">{t('form.study-heading')}</legend>
        <div className="row g-3">
          <TextField
            className="col-sm-4"
            field="startedYear"
            autoComplete="off"
            inputMode="numeric"
            hasHint
          />
          <DegreeProgramField className="col-sm-8" />
        </div>
      </fieldset>

      <fieldset className="form-section">
        <legend className="h4">{t('form.terms-heading')}</legend>
        <TermsField />
      </fieldset>

      <PaymentNotes />

      <Button type="submit" size="lg" className="mt-4">
        {t('form.submit-label')}
      </Button>
    </Form>
  );
}
