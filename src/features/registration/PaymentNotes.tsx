import { useTranslation } from 'react-i18next';

const notes = ['payment-note-1', 'payment-note-2', 'payment-note-3'] as const;

export function PaymentNotes() {
  const { t } = useTranslation();
  return (
    <aside className="payment-notes" aria-labelledby="payment-notes-heading">
      <h2 id="payment-notes-heading" className="h6">
        {t('form.payment-heading')}
      </h2>
      <ul className="mb-0">
        {notes.map((note) => (
          <li key={note}>{t(`form.${note}`)}</li>
        ))}
      </ul>
    </aside>
  );
}
