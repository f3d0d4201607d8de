import Form from 'react-bootstrap/Form';
import { FieldError } from './FieldError';
import { programmeWithCode, registrationFields } from '../../contract/fields';
import { fieldChanged } from './registrationSlice';
import { useField } from './useField';

export function DegreeProgramField({ className }: { className?: string }) {
  const { value, errorText, dispatch, t, controlProps } = useField('degreeProgram', false);
  return (
    <Form.Group className={className} controlId="degreeProgram">
      <Form.Label>{t('form.degreeProgram-label')}</Form.Label>
      <Form.Select
        {...controlProps}
        value={value as string}
        onChange={(event) =>
          dispatch(fieldChanged({ field: 'degreeProgram', value: event.target.value }))
        }
      >
        <option value="">{t('form.degreeProgram-placeholder')}</option>
        {registrationFields.degreeProgram.options.map((code) => (
          <option key={code} value={code}>
            {programmeWithCode(code, t(`degree-programs.${code}`))}
          </option>
        ))}
      </Form.Select>
      <FieldError field="degreeProgram" text={errorText} />
    </Form.Group>
  );
}
