import Form from 'react-bootstrap/Form';
import { errorId } from './fieldIds';
import type { FieldName } from '../../contract/fields';

export function FieldError({ field, text }: { field: FieldName; text?: string }) {
  if (!text) return null;
  return (
    <Form.Control.Feedback type="invalid" id={errorId(field)}>
      {text}
    </Form.Control.Feedback>
  );
}
