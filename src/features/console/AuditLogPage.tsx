/**
 * The audit log for admins: who signed in, opened, exported, downloaded and erased what, newest
 * first, a page at a time like the registrations (every view adds to it, so it grows fast).
 */
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import { useAuditLogQuery } from './consoleApi';
import { useFormatting } from './useFormatting';
import { Pager, pageIn } from './Pager';
import { ViewHeading } from './ViewHeading';

/** Events that concern no registration: their count of 0 would only puzzle. */
const eventsWithoutRows = new Set(['sign-in', 'sign-out']);

export function AuditLogPage() {
  const { t } = useTranslation('staff');
  const format = useFormatting();
  const navigate = useNavigate();
  const page = pageIn(new URLSearchParams(useLocation().search));
  const { data, isFetching, isError } = useAuditLogQuery(page);
  return (
    <>
      <ViewHeading title={t('audit-log-heading')} />
      {isError ? (
        <p role="alert">{t('load-failed')}</p>
      ) : !data ? (
        <LoadingSpinner label={t('loading')} />
      ) : (
        <div className="table-responsive" aria-busy={isFetching}>
          <table className="table table-striped">
            <caption className="caption-top">
              {t('audit-log-caption', { count: data.total })}
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
                  <td>{t(`audit-event.${record.command}`, { defaultValue: record.command })}</td>
                  <td>{eventsWithoutRows.has(record.command) ? '' : record.rowCount}</td>
                  <td>{record.actor}</td>
                  <td>{record.details}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && (
        <Pager page={page} total={data.total} goTo={(to) => navigate({ search: `page=${to}` })} />
      )}
    </>
  );
}
