import Form from 'react-bootstrap/Form';
import { config } from '../../config';
import { FieldError } from './FieldError';
import { hintId } from './fieldIds';
import { fieldSpec, type TextFieldName } from '../../contract/fields';
import { fieldChanged } from './registrationSlice';
import { useField } from './useField';

/** A one-line input, as the field model describes it. */
export function TextField({ field, className }: { field: TextFieldName; className?: string }) {
  const { autoComplete, inputType = 'text', inputMode, hasHint = false } = fieldSpec(field);
  const { value, errorText, dispatch, t, controlProps } = useField(field, hasHint);
  return (
    <Form.Group className={className} controlId={field}>
      <Form.Label>{t(`form.${field}-label`)}</Form.Label>
      {hasHint && (
        <Form.Text as="div" id={hintId(field)} className="mt-0 mb-1">
          {t(`form.${field}-hint`, { domain: config.emailDomain })}
        </Form.Text>
      )}
      <Form.Control
        {...controlProps}
        type={inputType}
        inputMode={inputMode}
        autoComplete={autoComplete}
        value={value as string}
        onChange={(event) => dispatch(fieldChanged({ field, value: event.target.value }))}
      />
      <FieldError field={field} text={errorText} />
    </Form.Group>
  );
}
