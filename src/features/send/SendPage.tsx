import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import { TopBar } from '../../components/TopBar';
import { selectIsChecked, selectIsValid } from '../registration/registrationSlice';
import { OutcomeView } from './OutcomeView';
import { sendRegistration } from './sendRegistration';
import { selectConfirmationSentTo, selectSendStatus } from './sendSlice';

/** Step 2: sends the saved form once and shows how it went. */
export function SendPage() {
  const status = useAppSelector(selectSendStatus);
  const confirmationSentTo = useAppSelector(selectConfirmationSentTo);
  const savedFormIsChecked = useAppSelector(selectIsChecked);
  const savedFormIsValid = useAppSelector(selectIsValid);
  const dispatch = useAppDispatch();
  const { t } = useTranslation();

  useEffect(() => {
    void dispatch(sendRegistration());
  }, [dispatch]);

  if (status === 'idle' && savedFormIsChecked && !savedFormIsValid) {
    return <Navigate to="/" replace />;
  }

  return (
    <>
      <TopBar />
      <main className="container-lg py-5">
        {status === 'success' && (
          <OutcomeView
            keyPrefix="send-page-thankyou"
            values={{ email: confirmationSentTo ?? '' }}
          />
        )}
        {status === 'failure' && <OutcomeView keyPrefix="send-page-error" />}
        {(status === 'idle' || status === 'loading') && (
          <LoadingSpinner label={t('send-page.loading-label')} />
        )}
      </main>
    </>
  );
}
