/**
 * The audit log for admins: who signed in, opened, exported, downloaded and erased what, newest
 * first, a page at a time like the registrations (every view adds to it, so it grows fast), by
 * event, person and day as the filter in the address asks (the server filters: the log is long).
 * Each event by its name and each person by theirs, in the language shown.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import type { PageOfAuditRecords } from '../../contract/consoleApiSchemas';
import { auditPersonApplicant } from '../../contract/consoleLimits';
import { AuditDetails } from './AuditDetails';
import { filterQuery, useAuditLogQuery, useStaffMembersQuery } from './consoleApi';
import { DayField } from './DayField';
import { EmailAddress } from './EmailAddress';
import { dayOfText } from './dayText';
import { useFormatting } from './useFormatting';
import { Pager, pageIn } from './Pager';
import { ViewHeading } from './ViewHeading';

/** Events that concern no registration: their count of 0 would only puzzle. */
const eventsWithoutRows = new Set(['sign-in', 'sign-out']);
const filterNames = ['event', 'person', 'day'] as const;

export function AuditLogPage() {
  const { t, i18n } = useTranslation('staff');
  const format = useFormatting();
  const navigate = useNavigate();
  const searchParams = new URLSearchParams(useLocation().search);
  const filter = Object.fromEntries(
    filterNames.map((name) => [name, searchParams.get(name) ?? undefined]),
  );
  const page = pageIn(searchParams);
  const { data, isFetching, isError } = useAuditLogQuery({ ...filter, page });
  const { data: people = [] } = useStaffMembersQuery();
  const names = new Map(people.map((person) => [person.subject, person.name]));
  const [dayInvalid, setDayInvalid] = useState(false);
  // Every event the console has a name for, by that name.
  const events = Object.entries(
    t('audit-event', { returnObjects: true }) as Record<string, string>,
  ).sort(([, one], [, other]) => one.localeCompare(other, i18n.language));

  function applyFilter(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const dayText = String(form.get('day') ?? '');
    const day = dayOfText(dayText);
    setDayInvalid(dayText.trim() !== '' && !day);
    if (dayText.trim() !== '' && !day) return document.getElementById('audit-day')?.focus();
    navigate({
      search: filterQuery({
        event: String(form.get('event') ?? ''),
        person: String(form.get('person') ?? ''),
        day,
      }),
    });
  }

  return (
    <>
      <ViewHeading title={t('audit-log-heading')} />
      <form className="row g-3 align-items-end mb-4" onSubmit={applyFilter} role="search">
        <div className="col-sm-6 col-lg-3">
          <label className="form-label" htmlFor="audit-event">
            {t('audit-command')}
          </label>
          <select
            id="audit-event"
            name="event"
            className="form-select"
            defaultValue={filter.event ?? ''}
          >
            <option value="">{t('audit-every-event')}</option>
            {events.map(([command, name]) => (
              <option key={command} value={command}>
                {name}
              </option>
            ))}
          </select>
        </div>
        {/* Wide enough for "the applicant (through their own link)" whole. */}
        <div className="col-sm-6 col-lg-4">
          <label className="form-label" htmlFor="audit-person">
            {t('audit-who')}
          </label>
          <select
            id="audit-person"
            name="person"
            className="form-select"
            defaultValue={filter.person ?? ''}
          >
            <option value="">{t('anyone')}</option>
            <option value={auditPersonApplicant}>{t('audit-actor.applicant')}</option>
            {people.map((person) => (
              <option key={person.subject} value={person.subject}>
                {person.name}
              </option>
            ))}
          </select>
        </div>
        <div className="col-sm-6 col-lg-3">
          <DayField
            id="audit-day"
            name="day"
            label={t('audit-day')}
            day={filter.day}
            invalid={dayInvalid}
          />
        </div>
        <div className="col-sm-6 col-lg-2">
          <button type="submit" className="btn btn-primary w-100">
            {t('apply-filter')}
          </button>
        </div>
      </form>
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
                  <td>
                    <Actor record={record} />
                  </td>
                  <td>
                    <AuditDetails command={record.command} details={record.details} names={names} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {data.total === 0 && <p>{t('audit-no-matches')}</p>}
        </div>
      )}
      {data && (
        <Pager
          page={page}
          total={data.total}
          goTo={(to) => navigate({ search: filterQuery({ ...filter, page: to }) })}
        />
      )}
    </>
  );
}

/** Who did it: a staff member by name, their email under it; the recorded text where nothing is known. */
function Actor({ record }: { record: PageOfAuditRecords['items'][number] }) {
  const { t } = useTranslation('staff');
  const { by } = record;
  switch (by.kind) {
    case 'applicant':
      return t('audit-actor.applicant');
    case 'token':
      return t('audit-actor.token', { name: by.name });
    case 'staff':
      return by.name ? (
        <>
          {by.name}
          {by.email && (
            <div className="small text-body-secondary">
              <EmailAddress address={by.email} />
            </div>
          )}
        </>
      ) : (
        <EmailAddress address={by.email ?? record.actor} />
      );
    default:
      return record.actor;
  }
}
