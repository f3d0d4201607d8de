/**
 * The registrations the person may see, newest first, a page at a time, with their state, who has
 * them and a mark on possible duplicates; filters by programme, state, assignee, received date and
 * possible duplicates, and a search over name, email and reference. The filter lives in the
 * address, so that Back, a reload and a shared link keep it; the search text, which may be a
 * name, in memory only (searchTextSlice.ts). The export and a change of many at once (rows
 * selected, or every registration the filter matches) take the same filter.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { filterQuery, useRegistrationsQuery, useStaffMembersQuery } from './consoleApi';
import type { StaffMember } from '../../contract/consoleApiSchemas';
import type { DegreeProgram } from '../../contract/fields';
import { searchTextMaxLength } from '../../contract/consoleLimits';
import { assigneeFilterMe, assigneeFilterNone } from '../../contract/processing';
import { BulkChangeForm, type BulkTarget } from './BulkChangeForm';
import { BulkChangedStatus, type BulkDone } from './BulkChangedStatus';
import { BulkRequestForm } from './BulkRequestForm';
import { addressFilterNames, filterOfAddress } from './listAddress';
import { WithdrawnNotice } from './WithdrawnNotice';
import { DayField } from './DayField';
import { dayOfText } from './dayText';
import { EmailAddress } from './EmailAddress';
import { ExportButtons } from './ExportButtons';
import { searchTextChanged, selectSearchText } from './searchTextSlice';
import { PersonOptions, StateOptions } from './processingOptions';
import { useFormatting } from './useFormatting';
import { Pager, pageIn } from './Pager';
import { ViewHeading } from './ViewHeading';

/**
 * The rows selected, or (everyMatching) every registration the filter matches; `of` is the list
 * they were selected in (its address and search text).
 */
interface Selection {
  of: string;
  ids: number[];
  everyMatching?: boolean;
}
const emptySelection: Omit<Selection, 'of'> = { ids: [], everyMatching: false };

/** The received days' bounds, typed as text (DayField.tsx). */
const dayBounds = ['from', 'to'] as const;
const isDayBound = (name: string) => (dayBounds as readonly string[]).includes(name);

export function RegistrationList({ member }: { member: StaffMember }) {
  const { t } = useTranslation('staff');
  const dispatch = useAppDispatch();
  const searchText = useAppSelector(selectSearchText);
  const format = useFormatting();
  // The address's query read and written with the hooks the start page has already: the console
  // adds nothing to its bundle (useSearchParams would).
  const location = useLocation();
  const navigate = useNavigate();
  const searchParams = new URLSearchParams(location.search);
  const setSearchParams = (query: string) => navigate({ search: query });
  const { addressFilter, filter } = filterOfAddress(searchParams, searchText);
  const shownList = `${location.search} ${searchText}`;
  const page = pageIn(searchParams);
  const { data, isFetching, isError } = useRegistrationsQuery({ ...filter, page });
  const { data: people = [] } = useStaffMembersQuery();
  const erased = (location.state as { erased?: string } | null)?.erased;
  // What is selected belongs to the list as shown: another filter or page starts with nothing.
  const [selection, setSelection] = useState<Selection>({ of: shownList, ids: [] });
  const current = selection.of === shownList ? selection : emptySelection;
  // What the last change of many did: said where the focus goes once it is done, since the rows
  // it changed may have left the list.
  const [bulkChanged, setBulkChanged] = useState<BulkDone>();
  // The date filters whose text, as last applied, names no day.
  const [invalidDays, setInvalidDays] = useState<readonly string[]>([]);
  const [reversedDays, setReversedDays] = useState(false);
  const select = (change: Omit<Selection, 'of'>) => {
    setSelection({ of: shownList, ...change });
    setBulkChanged(undefined);
  };
  const pageIds = data?.items.map((registration) => registration.id) ?? [];
  const wholePageSelected = pageIds.length > 0 && pageIds.every((id) => current.ids.includes(id));
  const target: BulkTarget | undefined = current.everyMatching
    ? { filter }
    : current.ids.length > 0
      ? { ids: current.ids }
      : undefined;
  // The programmes an assignee must have: the rows' when all of them are on this page; else the
  // filter's programme, or every programme the person sees.
  const targetProgrammes: readonly DegreeProgram[] =
    !current.everyMatching || (data && data.total === pageIds.length)
      ? [
          ...new Set(
            data?.items
              .filter(
                (registration) => current.everyMatching || current.ids.includes(registration.id),
              )
              .map((registration) => registration.degreeProgram as DegreeProgram),
          ),
        ]
      : filter.programme
        ? [filter.programme as DegreeProgram]
        : member.programmes;

  function applyFilter(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '');
    const notDays = dayBounds.filter((bound) => text(bound).trim() && !dayOfText(text(bound)));
    setInvalidDays(notDays);
    if (notDays.length > 0) return document.getElementById(`filter-${notDays[0]}`)?.focus();
    // A range that ends before it starts would only find nothing: said as what it is.
    const [from, to] = dayBounds.map((bound) => dayOfText(text(bound)));
    const reversed = from !== undefined && to !== undefined && from > to;
    setReversedDays(reversed);
    if (reversed) return document.getElementById('filter-to')?.focus();
    dispatch(searchTextChanged(text('q')));
    setSearchParams(
      filterQuery(
        Object.fromEntries(
          addressFilterNames.map((name) => [
            name,
            isDayBound(name) ? (dayOfText(text(name)) ?? '') : text(name),
          ]),
        ),
      ),
    );
  }
  function bulkDone(done: BulkDone) {
    setSelection({ of: shownList, ...emptySelection });
    setBulkChanged(done);
  }
  const goTo = (target: number) => setSearchParams(filterQuery({ ...addressFilter, page: target }));

  return (
    <>
      <ViewHeading title={t('registrations-heading')} />
      {erased && (
        <p role="status" className="alert alert-success">
          {t('erased', { reference: erased })}
        </p>
      )}
      <WithdrawnNotice />
      <form className="row g-3 align-items-end mb-4" onSubmit={applyFilter} role="search">
        <div className="col-sm-6 col-lg-4">
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
        <div className="col-sm-6 col-lg-4">
          <label className="form-label" htmlFor="filter-state">
            {t('state-label')}
          </label>
          <select
            id="filter-state"
            name="state"
            className="form-select"
            defaultValue={filter.state ?? ''}
          >
            <option value="">{t('all-states')}</option>
            <StateOptions />
          </select>
        </div>
        <div className="col-sm-6 col-lg-4">
          <label className="form-label" htmlFor="filter-assignee">
            {t('assignee-label')}
          </label>
          <select
            id="filter-assignee"
            name="assignee"
            className="form-select"
            defaultValue={filter.assignee ?? ''}
          >
            <option value="">{t('anyone')}</option>
            <option value={assigneeFilterMe}>{t('assigned-to-me')}</option>
            <option value={assigneeFilterNone}>{t('unassigned')}</option>
            <PersonOptions people={people} me={member.subject} />
          </select>
        </div>
        {dayBounds.map((bound) => (
          <div key={bound} className="col-6 col-lg-2">
            <DayField
              id={`filter-${bound}`}
              name={bound}
              label={t(`received-${bound}`)}
              day={filter[bound]}
              invalid={invalidDays.includes(bound)}
              reversed={bound === 'to' && reversedDays}
            />
          </div>
        ))}
        <div className="col-sm-6 col-lg-4">
          <label className="form-label" htmlFor="filter-q">
            {t('search-label')}
          </label>
          <input
            id="filter-q"
            name="q"
            type="search"
            className="form-control"
            defaultValue={searchText}
            maxLength={searchTextMaxLength}
          />
        </div>
        <div className="col-sm-6 col-lg-2">
          <div className="form-check mb-2">
            <input
              id="filter-duplicates"
              name="duplicates"
              type="checkbox"
              value="true"
              className="form-check-input"
              defaultChecked={filter.duplicates === 'true'}
            />
            <label className="form-check-label" htmlFor="filter-duplicates">
              {t('only-duplicates')}
            </label>
          </div>
          <div className="form-check mb-2">
            <input
              id="filter-overdue"
              name="overdue"
              type="checkbox"
              value="true"
              className="form-check-input"
              defaultChecked={filter.overdue === 'true'}
            />
            <label className="form-check-label" htmlFor="filter-overdue">
              {t('only-overdue')}
            </label>
          </div>
        </div>
        <div className="col-sm-6 col-lg-2">
          <button type="submit" className="btn btn-primary w-100">
            {t('apply-filter')}
          </button>
        </div>
      </form>

      {/* Every registration the filter matches, on all its pages: said with their number. */}
      {data && data.total > 0 && (
        <p className="d-flex flex-wrap column-gap-3">
          <span>{t('export-label', { count: data.total })}</span>
          <ExportButtons filter={filter} />
        </p>
      )}

      {bulkChanged && <BulkChangedStatus changed={bulkChanged} />}
      {data && target && (
        <>
          <BulkChangeForm
            target={target}
            count={'filter' in target ? data.total : current.ids.length}
            programmes={targetProgrammes}
            people={people}
            me={member.subject}
            changed={bulkDone}
          />
          <BulkRequestForm
            target={target}
            count={'filter' in target ? data.total : current.ids.length}
            requested={bulkDone}
          />
        </>
      )}
      {data && wholePageSelected && data.total > pageIds.length && (
        <p className="d-flex flex-wrap align-items-center column-gap-3">
          {current.everyMatching ? (
            <>
              <span>{t('every-matching-selected', { count: data.total })}</span>
              <button
                type="button"
                className="btn btn-link p-0"
                onClick={() => select(emptySelection)}
              >
                {t('clear-selection')}
              </button>
            </>
          ) : (
            <>
              <span>{t('page-selected', { count: pageIds.length })}</span>
              <button
                type="button"
                className="btn btn-link p-0"
                onClick={() => select({ ids: pageIds, everyMatching: true })}
              >
                {t('select-every-matching', { count: data.total })}
              </button>
            </>
          )}
        </p>
      )}

      {isError ? (
        <p role="alert">{t('load-failed')}</p>
      ) : !data ? (
        <LoadingSpinner label={t('loading')} />
      ) : (
        <div className="table-responsive" aria-busy={isFetching}>
          {/* Below `sm` each row is a card (staffConsole.scss), its cells labelled by data-label. */}
          <table className="table table-striped align-middle registration-list">
            <caption className="caption-top">
              {t('registrations-caption', { count: data.total })}
            </caption>
            <thead>
              <tr>
                <td>
                  <input
                    type="checkbox"
                    className="form-check-input"
                    aria-label={t('select-page')}
                    checked={wholePageSelected}
                    onChange={(event) => select({ ids: event.target.checked ? pageIds : [] })}
                  />
                </td>
                <th scope="col">{t('received')}</th>
                <th scope="col">{t('reference')}</th>
                <th scope="col">{t('name')}</th>
                <th scope="col">{format.label('degreeProgram')}</th>
                <th scope="col">{format.label('email')}</th>
                <th scope="col">{t('state-label')}</th>
                <th scope="col">{t('assignee-label')}</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((registration) => (
                <tr key={registration.id}>
                  <td>
                    <input
                      type="checkbox"
                      className="form-check-input"
                      aria-label={t('select-row', { reference: registration.reference })}
                      checked={current.ids.includes(registration.id)}
                      onChange={(event) =>
                        select({
                          ids: event.target.checked
                            ? [...current.ids, registration.id]
                            : current.ids.filter((id) => id !== registration.id),
                        })
                      }
                    />
                  </td>
                  <td data-label={t('received')}>{format.received(registration.createdAt)}</td>
                  <td data-label={t('reference')}>
                    <code>{registration.reference}</code>
                  </td>
                  <th scope="row">
                    <Link to={`/staff/${registration.id}`} state={{ listSearch: location.search }}>
                      {registration.firstName} {registration.lastName}
                    </Link>
                    {registration.duplicateOf.length > 0 && (
                      <span className="duplicate-mark">{t('possible-duplicate')}</span>
                    )}
                    {registration.applicantAnswered && (
                      <span className="answered-mark">{t('applicant-answered')}</span>
                    )}
                  </th>
                  <td data-label={format.label('degreeProgram')}>
                    {format.programme(registration.degreeProgram)}
                  </td>
                  <td data-label={format.label('email')}>
                    <EmailAddress address={registration.email} />
                  </td>
                  <td data-label={t('state-label')}>{format.state(registration.state)}</td>
                  <td data-label={t('assignee-label')}>
                    {registration.assignee?.name ?? t('nobody')}
                  </td>
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
