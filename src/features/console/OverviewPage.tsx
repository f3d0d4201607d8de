/**
 * The overview (/staff/overview): for each programme the person may see, how many registrations
 * are in each state, each count a link to the list showing them; and the registrations received
 * per day over the last days (in TIME_ZONE), as a chart and as a table with the same numbers.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import { processingStates } from '../../contract/processing';
import { filterQuery, useOverviewQuery } from './consoleApi';
import { DailyChart } from './DailyChart';
import { useFormatting } from './useFormatting';
import { ViewHeading } from './ViewHeading';

export function OverviewPage() {
  const { t } = useTranslation('staff');
  const format = useFormatting();
  const { data, isError } = useOverviewQuery();
  return (
    <>
      <ViewHeading title={t('overview-heading')} />
      {isError ? (
        <p role="alert">{t('load-failed')}</p>
      ) : !data ? (
        <LoadingSpinner label={t('loading')} />
      ) : (
        <>
          <section aria-labelledby="states-heading" className="mb-5">
            <h2 id="states-heading" className="h4">
              {t('overview-states-heading')}
            </h2>
            <div className="table-responsive">
              <table className="table table-striped align-middle">
                <thead>
                  <tr>
                    <th scope="col">{format.label('degreeProgram')}</th>
                    {processingStates.map((state) => (
                      <th key={state} scope="col" className="text-end">
                        {format.state(state)}
                      </th>
                    ))}
                    <th scope="col" className="text-end">
                      {t('overview-total')}
                    </th>
                    <th scope="col" className="text-end">
                      {t('overview-overdue')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.programmes.map(({ code, states, overdue }) => (
                    <tr key={code}>
                      <th scope="row">{format.programme(code)}</th>
                      {processingStates.map((state) => (
                        <td key={state} className="text-end">
                          <Link to={`/staff?${filterQuery({ programme: code, state })}`}>
                            {states[state]}
                          </Link>
                        </td>
                      ))}
                      <td className="text-end">
                        <Link to={`/staff?${filterQuery({ programme: code })}`}>
                          {processingStates.reduce((sum, state) => sum + states[state], 0)}
                        </Link>
                      </td>
                      <td className="text-end">
                        <Link to={`/staff?${filterQuery({ programme: code, overdue: 'true' })}`}>
                          {overdue}
                        </Link>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
          <section aria-labelledby="days-heading">
            <h2 id="days-heading" className="h4">
              {t('overview-days-heading', { count: data.days.length })}
            </h2>
            <div className="row g-4">
              <div className="col-lg-8">
                <DailyChart days={data.days} />
              </div>
              <div className="col-lg-4">
                <table className="table table-sm table-striped daily-table">
                  <caption className="caption-top">{t('overview-days-caption')}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('overview-day')}</th>
                      <th scope="col" className="text-end">
                        {t('overview-received')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.days.map(({ day, count }) => (
                      <tr key={day}>
                        <th scope="row" className="fw-normal">
                          <time dateTime={day}>{format.day(day)}</time>
                        </th>
                        <td className="text-end">{count}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </div>
          </section>
        </>
      )}
    </>
  );
}
