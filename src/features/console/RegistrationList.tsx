/**
 * The registrations the person may see, newest first, a page at a time, with filters by programme
 * and received date and a search over name, email and reference. The filter lives in the address,
 * so that Back, a reload and a shared link keep it; the export takes the same filter.
 */
import { type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import { filterQuery, useRegistrationsQuery } from './consoleApi';
import type { RegistrationFilter, StaffMember } from '../../contract/consoleApiSchemas';
import type { ExportFormat } from '../../contract/exportFileTypes';
import { consoleApiPath } from '../../contract/consolePaths';
import { searchTextMaxLength } from '../../contract/consoleLimits';
import { registrationFilterNames } from '../../contract/registrationFilter';
import { useFormatting } from './useFormatting';
import { Pager, pageIn } from './Pager';
import { ViewHeading } from './ViewHeading';

/** The export's links, the spreadsheet first. */
const exportFormatsShown: readonly ExportFormat[] = ['xlsx', 'csv'];

export function RegistrationList({ member }: { member: StaffMember }) {
  const { t, i18n } = useTranslation('staff');
  const format = useFormatting();
  // The address's query read and written with the hooks the start page has already: the console
  // adds nothing to its bundle (useSearchParams would).
  const location = useLocation();
  const navigate = useNavigate();
  const searchParams = new URLSearchParams(location.search);
  const setSearchParams = (query: string) => navigate({ search: query });
  const filter: RegistrationFilter = Object.fromEntries(
    registrationFilterNames.map((name) => [name, searchParams.get(name) ?? undefined]),
  );
  const page = pageIn(searchParams);
  const { data, isFetching, isError } = useRegistrationsQuery({ ...filter, page });
  const erased = (location.state as { erased?: string } | null)?.erased;

  function applyFilter(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setSearchParams(
      filterQuery(
        Object.fromEntries(
          registrationFilterNames.map((name) => [name, String(form.get(name) ?? '')]),
        ),
      ),
    );
  }
  const goTo = (target: number) => setSearchParams(filterQuery({ ...filter, page: target }));

  return (
    <>
      <ViewHeading title={t('registrations-heading')} />
      {erased && (
        <p role="status" className="alert alert-success">
          {t('erased', { reference: erased })}
        </p>
      )}
      <form className="row g-3 align-items-end mb-4" onSubmit={applyFilter} role="search">
        <div className="col-sm-6 col-lg-3">
          <label className="form-label" htmlFor="filter-programme">
            {format.label('degreeProgram')}
          </label>
          <select
            id="filter-programme"
            name="programme"
            className="form-select"
            defaultValue={filter.programme ?? ''}
          >
            <option value="">{t('all-programmes')}</option>
            {member.programmes.map((code) => (
              <option key={code} value={code}>
                {format.programme(code)}
              </option>
            ))}
          </select>
        </div>
        {(['from', 'to'] as const).map((bound) => (
          <div key={bound} className="col-6 col-lg-2">
            <label className="form-label" htmlFor={`filter-${bound}`}>
              {t(`received-${bound}`)}
            </label>
            <input
              id={`filter-${bound}`}
              name={bound}
              type="date"
              className="form-control"
              defaultValue={filter[bound]}
            />
          </div>
        ))}
        <div className="col-sm-8 col-lg-3">
          <label className="form-label" htmlFor="filter-q">
            {t('search-label')}
          </label>
          <input
            id="filter-q"
            name="q"
            type="search"
            className="form-control"
            defaultValue={filter.q}
            maxLength={searchTextMaxLength}
          />
        </div>
        <div className="col-sm-4 col-lg-2">
          <button type="submit" className="btn btn-primary w-100">
            {t('apply-filter')}
          </button>
        </div>
      </form>

      {/* Every registration the filter matches, on all its pages: said with their number. */}
      {data && data.total > 0 && (
        <p className="d-flex flex-wrap column-gap-3">
          <span>{t('export-label', { count: data.total })}</span>
          {/* The two formats stay together when a narrow screen wraps the line. */}
          <span className="d-flex gap-3">
            {exportFormatsShown.map((exportFormat) => (
              <a
                key={exportFormat}
                href={`${consoleApiPath}/export?${filterQuery({ ...filter, format: exportFormat, language: i18n.language })}`}
                download
              >
                {t(`export-${exportFormat}`)}
              </a>
            ))}
          </span>
        </p>
      )}

      {isError ? (
        <p role="alert">{t('load-failed')}</p>
      ) : !data ? (
        <LoadingSpinner label={t('loading')} />
      ) : (
        <div className="table-responsive" aria-busy={isFetching}>
          <table className="table table-striped align-middle">
            <caption className="caption-top">
              {t('registrations-caption', { count: data.total })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('received')}</th>
                <th scope="col">{t('reference')}</th>
                <th scope="col">{t('name')}</th>
                <th scope="col">{format.label('degreeProgram')}</th>
                <th scope="col">{format.label('email')}</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((registration) => (
                <tr key={registration.id}>
                  <td>{format.received(registration.createdAt)}</td>
                  <td>
                    <code>{registration.reference}</code>
                  </td>
                  <th scope="row">
                    <Link to={`/staff/${registration.id}`} state={{ listSearch: location.search }}>
                      {registration.firstName} {registration.lastName}
                    </Link>
                  </th>
                  <td>{format.programme(registration.degreeProgram)}</td>
                  <td>{registration.email}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {data.total === 0 && <p>{t('no-matches')}</p>}
        </div>
      )}
      {data && <Pager page={page} total={data.total} goTo={goTo} />}
    </>
  );
}
