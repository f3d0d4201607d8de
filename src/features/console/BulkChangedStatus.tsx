/**
 * What the last change of many did, said where the focus goes once it is done: how many changed,
 * to what state and to whom, since the rows it changed may have left the filtered list.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { BulkChanged } from './BulkChangeForm';
import { useFormatting } from './useFormatting';

export function BulkChangedStatus({ changed }: { changed: BulkChanged }) {
  const { t } = useTranslation('staff');
  const format = useFormatting();
  const status = useRef<HTMLParagraphElement>(null);
  useEffect(() => status.current?.focus(), [changed]);
  const { updated, state, assignee } = changed;
  const parts = [
    t('bulk-changed', { count: updated }),
    ...(updated > 0 && state ? [t('bulk-changed-state', { state: format.state(state) })] : []),
    ...(updated > 0 && assignee !== undefined
      ? [t('bulk-changed-assignee', { name: assignee ?? t('nobody') })]
      : []),
  ];
  return (
    <p ref={status} tabIndex={-1} role="status" className="alert alert-success">
      {parts.join(' ')}
    </p>
  );
}
