/**
 * The pager under the console's lists: the previous and next page, and where the person is. The
 * page lives in the address (?page=), so that Back, a reload and a shared link keep it.
 */
import { useTranslation } from 'react-i18next';
import { pageSize } from '../../contract/consoleLimits';

/** The page the address asks for: the first when it names none. */
export const pageIn = (searchParams: URLSearchParams) => Number(searchParams.get('page') ?? 1);

export function Pager({
  page,
  total,
  goTo,
}: {
  page: number;
  total: number;
  goTo: (page: number) => void;
}) {
  const { t } = useTranslation('staff');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages === 1) return null;
  // The new page is read from its start: the focus goes to the view's heading (ViewHeading), as it
  // would on a new view, not left on a button that the last page disables.
  const turnTo = (to: number) => {
    goTo(to);
    document.querySelector<HTMLElement>('main h1')?.focus();
  };
  return (
    <nav aria-label={t('pages-label')} className="d-flex align-items-center gap-3">
      <button
        type="button"
        className="btn btn-outline-primary"
        disabled={page <= 1}
        onClick={() => turnTo(page - 1)}
      >
        {t('previous-page')}
      </button>
      <span>{t('page-of', { page, pages })}</span>
      <button
        type="button"
        className="btn btn-outline-primary"
        disabled={page >= pages}
        onClick={() => turnTo(page + 1)}
      >
        {t('next-page')}
      </button>
    </nav>
  );
}
