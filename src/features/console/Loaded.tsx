/**
 * What a console view shows of something read from the API: that it could not be read, a spinner
 * until it arrives, the text for none when it is empty, else what `children` make of it.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingSpinner } from '../../components/LoadingSpinner';

export function Loaded<Data>({
  data,
  isError,
  isEmpty,
  none,
  children,
}: {
  data: Data | undefined;
  isError: boolean;
  isEmpty: (data: Data) => boolean;
  /** Said when there is nothing. */
  none: string;
  children: (data: Data) => ReactNode;
}) {
  const { t } = useTranslation('staff');
  if (isError) return <p role="alert">{t('load-failed')}</p>;
  if (data === undefined) return <LoadingSpinner label={t('loading')} />;
  if (isEmpty(data)) return <p>{none}</p>;
  return children(data);
}
