/**
 * The previous and the next registration of the list the person came from, with its filter,
 * search text and sort kept, across its pages: each a link (Tab, Enter), carrying the list's
 * address on, so that Back to the list opens the page the person has reached. Once a change
 * takes this registration out of the filtered list, the neighbours it had stay offered.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { pageSize } from '../../contract/consoleLimits';
import { useRegistrationsQuery } from './consoleApi';
import { filterOfAddress } from './listAddress';
import { pageIn } from './Pager';
import { selectSearchText } from './searchTextSlice';

/** A registration of the list, and the page of the list it is on. */
interface Place {
  id: number;
  page: number;
}

interface Neighbours {
  previous?: Place;
  next?: Place;
  position: number;
  total: number;
}

export function ListNeighbours({ id }: { id: number }) {
  const { t } = useTranslation('staff');
  const listSearch = (useLocation().state as { listSearch?: string } | null)?.listSearch;
  const searchText = useAppSelector(selectSearchText);
  const params = new URLSearchParams(listSearch ?? '');
  const { filter } = filterOfAddress(params, searchText);
  const page = pageIn(params);
  const fromList = listSearch !== undefined;
  // The list's own page: read from the cache the list filled, when it is still there.
  const { data } = useRegistrationsQuery({ ...filter, page }, { skip: !fromList });
  const index = data?.items.findIndex((registration) => registration.id === id) ?? -1;
  const first = index === 0 && page > 1;
  const last =
    data !== undefined && index === data.items.length - 1 && page * pageSize < data.total;
  const { data: before } = useRegistrationsQuery({ ...filter, page: page - 1 }, { skip: !first });
  const { data: after } = useRegistrationsQuery({ ...filter, page: page + 1 }, { skip: !last });

  const [known, setKnown] = useState<Neighbours>();
  let current: Neighbours | undefined;
  if (data && index >= 0) {
    const items = data.items;
    current = {
      previous:
        index > 0
          ? { id: items[index - 1].id, page }
          : before?.items.length
            ? { id: before.items[before.items.length - 1].id, page: page - 1 }
            : undefined,
      next:
        index < items.length - 1
          ? { id: items[index + 1].id, page }
          : after?.items.length
            ? { id: after.items[0].id, page: page + 1 }
            : undefined,
      position: (page - 1) * pageSize + index + 1,
      total: data.total,
    };
  }
  // Kept for when a change takes this one out of the list (React's state adjusted while rendering).
  if (current && JSON.stringify(current) !== JSON.stringify(known)) setKnown(current);
  const neighbours = current ?? known;
  if (!fromList || !neighbours) return null;

  /** A link to `to`, carrying the list's address at its page on (Back to the list goes there). */
  const neighbourLink = (to: Place, rel: string, label: string) => {
    const query = new URLSearchParams(params);
    if (to.page === 1) query.delete('page');
    else query.set('page', String(to.page));
    const search = query.toString();
    return (
      <Link to={`/staff/${to.id}`} state={{ listSearch: search ? `?${search}` : '' }} rel={rel}>
        {label}
      </Link>
    );
  };
  const { previous, next, position, total } = neighbours;
  return (
    <nav aria-label={t('neighbours-label')} className="d-flex flex-wrap align-items-center gap-3">
      {previous && neighbourLink(previous, 'prev', t('previous-registration'))}
      <span>{t('position-in-list', { position, total })}</span>
      {next && neighbourLink(next, 'next', t('next-registration'))}
    </nav>
  );
}
