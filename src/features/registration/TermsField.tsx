import Form from 'react-bootstrap/Form';
import { DocumentUnavailable, useDocumentLink } from '../documents/useDocumentLink';
import { FieldError } from './FieldError';
import { fieldChanged } from './registrationSlice';
import { useField } from './useField';

export function TermsField() {
  const { value, errorText, dispatch, t, controlProps } = useField('terms', false);
  // The translation marks the link as <termsLink>…</termsLink>. (Split here rather than with
  // react-i18next's Trans, whose HTML parser would join the start page's bundle for this alone.)
  const [before, linkText, after] = t('form.terms-label').split(/<\/?termsLink>/);
  const terms = useDocumentLink('terms');
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
      <Form.Check.Label>
        {before}
        {linkText !== undefined && <a {...terms.linkProps}>{linkText}</a>}
        {after}
      </Form.Check.Label>
      {terms.unavailable && <DocumentUnavailable />}
      {terms.dialog}
      <FieldError field="terms" text={errorText} />
    </Form.Check>
  );
}
