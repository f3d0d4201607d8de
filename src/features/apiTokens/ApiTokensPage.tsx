/**
 * /staff/tokens, for admins: the tokens the student information system reads the integration API
 * with (README: Integration with the student information system). Make one, copy it once, see
 * each one's use, revoke one at once.
 */
import { useTranslation } from 'react-i18next';
import { ViewHeading } from '../console/ViewHeading';
import { CreateTokenForm } from './CreateTokenForm';
import { TokenList } from './TokenList';

export function ApiTokensPage() {
  const { t } = useTranslation('staff');
  return (
    <>
      <ViewHeading title={t('tokens.heading')} />
      <p>{t('tokens.intro')}</p>
      <CreateTokenForm />
      <TokenList />
    </>
  );
}
