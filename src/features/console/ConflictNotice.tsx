/**
 * A change refused because someone changed the registration after it was read (412): says who
 * (the person themself, from another window, marked as such) and when, that nothing was
 * overwritten, and offers to read it again, after which the person decides anew.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { VersionConflict } from '../../contract/consoleApiSchemas';
import { useFormatting } from './useFormatting';

export function ConflictNotice({
  conflict,
  me,
  reload,
}: {
  conflict: VersionConflict;
  /** The subject of the person signed in. */
  me: string;
  reload: () => void;
}) {
  const { t } = useTranslation('staff');
  const format = useFormatting();
  const notice = useRef<HTMLDivElement>(null);
  // The press that was refused is where the focus is: the notice takes it, to be read and acted on.
  useEffect(() => notice.current?.focus(), [conflict]);
  const { changedBy } = conflict;
  const who = !changedBy
    ? t('someone')
    : changedBy.subject === me
      ? t('person-me', { name: changedBy.name })
      : changedBy.name;
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
