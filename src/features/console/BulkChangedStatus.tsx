/**
 * What the last action on many did, said where the focus goes once it is done, since the rows it
 * changed may have left the filtered list: a change (how many, to what state and to whom), or a
 * request for information (how many asked, how many open requests it replaced, how many of the
 * selected were skipped and why).
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { BulkRequestResult } from '../../contract/bulkRequestSchemas';
import type { BulkChanged } from './BulkChangeForm';
import { useFormatting } from './useFormatting';

export type BulkDone = BulkChanged | BulkRequestResult;

export function BulkChangedStatus({ changed }: { changed: BulkDone }) {
  const { t } = useTranslation('staff');
  const format = useFormatting();
  const status = useRef<HTMLParagraphElement>(null);
  useEffect(() => status.current?.focus(), [changed]);

  function changeParts({ updated, state, assignee }: BulkChanged) {
    return [
      t('bulk-changed', { count: updated }),
      ...(updated > 0 && state ? [t('bulk-changed-state', { state: format.state(state) })] : []),
      ...(updated > 0 && assignee !== undefined
        ? [t('bulk-changed-assignee', { name: assignee ?? t('nobody') })]
        : []),
    ];
  }

  function requestParts({ asked, replaced, skipped }: BulkRequestResult) {
    const counted = (key: string, count: number) => (count > 0 ? [t(key, { count })] : []);
    return [
      t('bulk-requested', { count: asked }),
      ...counted('bulk-requested-replaced', replaced),
      ...counted('bulk-requested-skipped-withdrawn', skipped.withdrawn),
      ...counted('bulk-requested-skipped-not-visible', skipped.notVisible),
      ...(asked > 0 ? [t('bulk-requested-mail')] : []),
    ];
  }

  const parts = 'asked' in changed ? requestParts(changed) : changeParts(changed);
  return (
    <p ref={status} tabIndex={-1} role="status" className="alert alert-success">
      {parts.join(' ')}
    </p>
  );
}
