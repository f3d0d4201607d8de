import type { HTMLAttributes } from 'react';
import Form from 'react-bootstrap/Form';
import { FieldError } from './FieldError';
import { hintId } from './fieldIds';
import type { TextFieldName } from './fields';
import { fieldChanged } from './registrationSlice';
import { useField } from './useField';

interface TextFieldProps {
  field: Exclude<TextFieldName, 'degreeProgram'>;
  autoComplete: string;
  type?: 'text' | 'email' | 'tel';
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  /** Shows the translated `form.<field>-hint` under the label. */
  hasHint?: boolean;
  hintValues?: Record<string, string>;
  className?: string;
}

export function TextField({
  field,
  autoComplete,
  type = 'text',
  inputMode,
  hasHint = false,
  hintValues,
  className,
}: TextFieldProps) {
  const { value, errorText, dispatch, t, controlProps } = useField(field, hasHint);
  return (
    <Form.Group className={className} controlId={field}>
      <Form.Label>{t(`form.${field}-label`)}</Form.Label>
      {hasHint && (
        <Form.Text as="div" id={hintId(field)} className="mt-0 mb-1">
          {t(`form.${field}-hint`, hintValues)}
        </Form.Text>
      )}
      <Form.Control
        {...controlProps}
        type={type}
        inputMode={inputMode}
        autoComplete={autoComplete}
        value={value as string}
        onChange={(event) => dispatch(fieldChanged({ field, value: event.target.value }))}
      />
      <FieldError field={field} text={errorText} />
    </Form.Group>
  );
}
