/** The audit log for admins: who signed in, opened, exported, downloaded and erased what, newest first. */
import { useTranslation } from 'react-i18next';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import { useAuditLogQuery } from './staffApi';
import { useFormatting } from './useFormatting';

export function AuditLogPage() {
  const { t } = useTranslation('staff');
  const format = useFormatting();
  const { data, isError } = useAuditLogQuery();
  return (
    <>
      <h1>{t('audit-log-heading')}</h1>
      {isError ? (
        <p role="alert">{t('load-failed')}</p>
      ) : !data ? (
        <LoadingSpinner label={t('loading')} />
      ) : (
        <div className="table-responsive">
          <table className="table table-striped">
            <caption className="caption-top">
              {t('audit-log-caption', { count: data.items.length })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('audit-time')}</th>
                <th scope="col">{t('audit-command')}</th>
                <th scope="col">{t('audit-rows')}</th>
                <th scope="col">{t('audit-who')}</th>
                <th scope="col">{t('audit-details')}</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((record, index) => (
                <tr key={index}>
                  <td>{format.received(record.at)}</td>
                  <td>{record.command}</td>
                  <td>{record.rowCount}</td>
                  <td>{record.osUser}</td>
                  <td>{record.details}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
