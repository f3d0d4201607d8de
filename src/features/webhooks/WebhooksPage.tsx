/**
 * Webhooks for admins (/staff/webhooks): register an endpoint (its secret shown once, to copy),
 * and each endpoint with its latest deliveries, any of which can be sent again, and a delete.
 */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SecretOnce } from '../../components/SecretOnce';
import type { Webhook } from '../../contract/webhookApiSchemas';
import { Loaded } from '../console/Loaded';
import { useFormatting } from '../console/useFormatting';
import { ViewHeading } from '../console/ViewHeading';
import { WebhookForm } from './WebhookForm';
import {
  useDeleteWebhookMutation,
  useRetryDeliveryMutation,
  useWebhooksQuery,
} from './webhooksApi';

export function WebhooksPage() {
  const { t } = useTranslation('staff');
  const { data, isError, isFetching } = useWebhooksQuery();
  const [secret, setSecret] = useState<string>();
  const [deleted, setDeleted] = useState<{ url?: string; failed?: boolean }>({});
  const status = useRef<HTMLParagraphElement>(null);
  // The deleted endpoint's button is gone: the focus goes to the line that says what happened.
  const onDeleted = (outcome: { url?: string; failed?: boolean }) => {
    setDeleted(outcome);
    status.current?.focus();
  };
  return (
    <>
      <ViewHeading title={t('webhooks-heading')} />
      <p>{t('webhooks-intro')}</p>
      {secret && (
        <SecretOnce
          id="webhook-secret"
          secret={secret}
          texts={{
            heading: t('webhook-secret-heading'),
            paragraph: t('webhook-secret-paragraph'),
            copy: t('webhook-secret-copy'),
            copied: t('webhook-secret-copied'),
            copyFailed: t('webhook-secret-copy-failed'),
          }}
        />
      )}
      <WebhookForm onCreated={setSecret} />
      <h2 className="h4">{t('webhooks-list-heading')}</h2>
      <p ref={status} tabIndex={-1} role="status">
        {deleted.failed
          ? t('webhook-delete-failed')
          : deleted.url !== undefined && t('webhook-deleted', { url: deleted.url })}
      </p>
      <Loaded
        data={data}
        isError={isError}
        isEmpty={({ items }) => items.length === 0}
        none={t('webhooks-none')}
      >
        {({ items }) => (
          <div aria-busy={isFetching}>
            {items.map((webhook) => (
              <WebhookEntry key={webhook.id} webhook={webhook} onDeleted={onDeleted} />
            ))}
          </div>
        )}
      </Loaded>
    </>
  );
}

function WebhookEntry({
  webhook,
  onDeleted,
}: {
  webhook: Webhook;
  onDeleted: (outcome: { url?: string; failed?: boolean }) => void;
}) {
  const { t } = useTranslation('staff');
  const format = useFormatting();
  const [remove, removing] = useDeleteWebhookMutation();
  const [retry, retrying] = useRetryDeliveryMutation();
  const programmes =
    webhook.programmes === 'all'
      ? t('all-programmes')
      : webhook.programmes.map(format.programme).join(', ');
  const headingId = `webhook-${webhook.id}-heading`;
  return (
    <section aria-labelledby={headingId} className="mb-4">
      <h3 id={headingId} className="h5 text-break">
        {webhook.url}
      </h3>
      <p className="mb-2">
        {t('webhook-summary', {
          events: webhook.events.join(', '),
          programmes,
          who: webhook.createdBy,
          when: format.received(webhook.createdAt),
        })}
      </p>
      <button
        type="button"
        className="btn btn-outline-danger btn-sm mb-2"
        disabled={removing.isLoading}
        onClick={async () => {
          const result = await remove(webhook.id);
          onDeleted('error' in result ? { failed: true } : { url: webhook.url });
        }}
      >
        {t('webhook-delete', { url: webhook.url })}
      </button>
      {webhook.recentDeliveries.length === 0 ? (
        <p>{t('webhook-no-deliveries')}</p>
      ) : (
        <div className="table-responsive">
          <table className="table table-sm">
            <caption className="caption-top">{t('webhook-deliveries-caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('webhook-delivery-queued')}</th>
                <th scope="col">{t('webhook-delivery-event')}</th>
                <th scope="col">{t('webhook-delivery-reference')}</th>
                <th scope="col">{t('webhook-delivery-state')}</th>
                <th scope="col">{t('webhook-delivery-attempts')}</th>
                <th scope="col">{t('webhook-delivery-last')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('webhook-delivery-actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {webhook.recentDeliveries.map((delivery) => (
                <tr key={delivery.id}>
                  <td>{format.received(delivery.queuedAt)}</td>
                  <td>
                    <code>{delivery.event}</code>
                  </td>
                  <td>{delivery.reference}</td>
                  <td>{t(`webhook-delivery-states.${delivery.state}`)}</td>
                  <td>{delivery.attempts}</td>
                  <td>
                    {/* An answer by its HTTP status, in any language; no answer by its cause. */}
                    {delivery.lastStatus === null
                      ? (delivery.lastError ?? '')
                      : `HTTP ${delivery.lastStatus}`}
                  </td>
                  <td>
                    <button
                      type="button"
                      className="btn btn-outline-primary btn-sm"
                      disabled={retrying.isLoading}
                      onClick={() => void retry({ webhookId: webhook.id, deliveryId: delivery.id })}
                    >
                      {t('webhook-retry', { reference: delivery.reference })}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
