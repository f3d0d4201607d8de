/**
 * A change refused because someone else changed the registration after it was read (412): says
 * who and when, that nothing was overwritten, and offers to read it again, after which the person
 * decides anew.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { VersionConflict } from '../../contract/consoleApiSchemas';
import { useFormatting } from './useFormatting';

export function ConflictNotice({
  conflict,
  reload,
}: {
  conflict: VersionConflict;
  reload: () => void;
}) {
  const { t } = useTranslation('staff');
  const format = useFormatting();
  const notice = useRef<HTMLDivElement>(null);
  // The press that was refused is where the focus is: the notice takes it, to be read and acted on.
  useEffect(() => notice.current?.focus(), [conflict]);
  const who = conflict.changedBy?.name ?? t('someone');
  return (
    <div ref={notice} tabIndex={-1} role="alert" className="alert alert-warning">
      <p>
        {conflict.changedAt
          ? t('conflict-by-at', { name: who, time: format.received(conflict.changedAt) })
          : t('conflict-by', { name: who })}
      </p>
      <button type="button" className="btn btn-primary" onClick={reload}>
        {t('conflict-reload')}
      </button>
    </div>
  );
}
