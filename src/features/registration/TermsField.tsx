import Form from 'react-bootstrap/Form';
import { FieldError } from './FieldError';
import { fieldChanged } from './registrationSlice';
import { useField } from './useField';

export function TermsField() {
  const { value, errorText, dispatch, t, controlProps } = useField('terms', false);
  return (
    <Form.Check id="terms">
      <Form.Check.Input
        {...controlProps}
        type="checkbox"
        checked={value as boolean}
        onChange={(event) =>
          dispatch(fieldChanged({ field: 'terms', value: event.target.checked }))
        }
      />
      <Form.Check.Label>{t('form.terms-label')}</Form.Check.Label>
      <FieldError field="terms" text={errorText} />
    </Form.Check>
  );
}
