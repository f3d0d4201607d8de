/**
 * A registration's history, oldest first: received, every state and assignee change, every
 * correction with the field's old and new value, every note, every word on a possible duplicate,
 * every information request and its answer or withdrawal; each with who and when.
 */
import { useTranslation } from 'react-i18next';
import type { HistoryEntry, Person, PossibleDuplicate } from '../../contract/consoleApiSchemas';
import { useFormatting } from './useFormatting';

/** The timeline; `duplicates` name the other registrations its reviews of duplicates name. */
export function Timeline({
  history,
  duplicates,
}: {
  history: readonly HistoryEntry[];
  duplicates: readonly PossibleDuplicate[];
}) {
  const { t } = useTranslation('staff');
  return (
    <section aria-labelledby="history-heading" className="mb-4">
      <h2 id="history-heading" className="h4">
        {t('history-heading')}
      </h2>
      <ol className="timeline">
        {history.map((entry, index) => (
          <li key={index}>
            <Step entry={entry} duplicates={duplicates} />
          </li>
        ))}
      </ol>
    </section>
  );
}

function Step({
  entry,
  duplicates,
}: {
  entry: HistoryEntry;
  duplicates: readonly PossibleDuplicate[];
}) {
  const { t } = useTranslation('staff');
  const format = useFormatting();
  const person = (someone: Person | null) => someone?.name ?? t('nobody');
  const what = (() => {
    switch (entry.type) {
      case 'received':
        return t('history-received');
      case 'state':
        return t('history-state', { from: format.state(entry.from), to: format.state(entry.to) });
      case 'assignee':
        return t('history-assignee', { from: person(entry.from), to: person(entry.to) });
      case 'correction':
        return t('history-correction', {
          field: format.label(entry.field),
          from: format.value(entry.field, entry.from),
          to: format.value(entry.field, entry.to),
        });
      case 'note':
        return t('history-note');
      case 'duplicate': {
        // The other by its reference while the person may see it as a pair; otherwise unnamed.
        const other = duplicates.find((duplicate) => duplicate.id === entry.otherId);
        return t(`history-duplicate.${entry.resolution}`, {
          other: other?.reference ?? t('duplicate-other'),
        });
      }
      case 'request':
        return t(entry.fields.length > 0 ? 'history-request' : 'history-request-nothing', {
          fields: entry.fields.map(format.label).join(', '),
          deadline: format.date(entry.deadline),
        });
      case 'request-answered':
        return t(entry.late ? 'history-request-answered-late' : 'history-request-answered');
      case 'request-withdrawn':
        return t('history-request-withdrawn');
    }
  })();
  return (
    <>
      <p className="mb-0 fw-semibold">{what}</p>
      {entry.type === 'note' && <p className="mb-0 note-text">{entry.text}</p>}
      <p className="small">
        {entry.actor?.name ?? t('applicant')} ·{' '}
        <time dateTime={entry.at}>{format.received(entry.at)}</time>
      </p>
    </>
  );
}
