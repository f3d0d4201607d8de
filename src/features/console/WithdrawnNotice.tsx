/**
 * The person's registrations that their applicants withdrew lately, above their list: each by its
 * number, programme and time, linked to its old address, which says the same. Nothing of the
 * applicant's is kept to name it by.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { withdrawalsListedDays } from '../../contract/consoleLimits';
import { useWithdrawalsQuery } from './consoleApi';
import { useFormatting } from './useFormatting';

export function WithdrawnNotice() {
  const { t } = useTranslation('staff');
  const format = useFormatting();
  const { data = [] } = useWithdrawalsQuery();
  if (data.length === 0) return null;
  return (
    <section className="alert alert-info" aria-labelledby="withdrawn-heading">
      <h2 id="withdrawn-heading" className="h6">
        {t('withdrawn-list-heading', { days: withdrawalsListedDays })}
      </h2>
      <ul className="mb-0">
        {data.map((withdrawal) => (
          <li key={withdrawal.id}>
            <Link to={`/staff/${withdrawal.id}`}>
              {t('withdrawn-list-item', {
                id: withdrawal.id,
                programme: format.programme(withdrawal.degreeProgram),
                time: format.received(withdrawal.withdrawnAt),
              })}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
