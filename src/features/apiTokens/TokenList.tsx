/**
 * The tokens made so far, newest first: their programmes, expiry and last use, and a button that
 * revokes one at once. A revoked token's row says so; the status line says what was done.
 */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiToken } from '../../contract/apiTokenSchemas';
import { allProgrammes } from '../../contract/apiTokenLimits';
import { config } from '../../config';
import { Loaded } from '../console/Loaded';
import { useFormatting } from '../console/useFormatting';
import { useApiTokensQuery, useRevokeApiTokenMutation } from './apiTokensApi';

export function TokenList() {
  const { t } = useTranslation('staff');
  const format = useFormatting();
  const { data, isError } = useApiTokensQuery();
  const [revoke, { isError: revokeFailed }] = useRevokeApiTokenMutation();
  const [revoked, setRevoked] = useState<string>();
  const status = useRef<HTMLParagraphElement>(null);
  // Expired as of the day the view opened, in TIME_ZONE (en-CA writes YYYY-MM-DD): the list is
  // read again after each change anyway.
  const [openedOn] = useState(() =>
    new Intl.DateTimeFormat('en-CA', { timeZone: config.timeZone }).format(new Date()),
  );

  async function revokeToken(token: ApiToken) {
    const result = await revoke(token.id);
    if (!('error' in result)) setRevoked(token.name);
    // The row's button is gone: the focus goes to the line that says what happened.
    status.current?.focus();
  }

  const stateOf = (token: ApiToken) =>
    token.revokedAt
      ? t('tokens.revoked-at', { time: format.received(token.revokedAt) })
      : token.expiresAt < openedOn
        ? t('tokens.expired')
        : t('tokens.active');

  return (
    <section aria-labelledby="tokens-heading">
      <h2 id="tokens-heading" className="h4">
        {t('tokens.list-heading')}
      </h2>
      <p ref={status} tabIndex={-1} role="status">
        {revokeFailed
          ? t('tokens.revoke-failed')
          : revoked !== undefined && t('tokens.revoked', { name: revoked })}
      </p>
      <Loaded
        data={data}
        isError={isError}
        isEmpty={(tokens) => tokens.length === 0}
        none={t('tokens.none')}
      >
        {(tokens) => (
          // Wider than a phone: a keyboard must reach it to scroll it, once no row has a button.
          <div
            className="table-responsive"
            tabIndex={0}
            role="region"
            aria-labelledby="tokens-heading"
          >
            <table className="table table-striped align-middle">
              <thead>
                <tr>
                  <th scope="col">{t('tokens.name-label')}</th>
                  <th scope="col">{t('tokens.programmes-legend')}</th>
                  <th scope="col">{t('tokens.expires')}</th>
                  <th scope="col">{t('tokens.last-used')}</th>
                  <th scope="col">{t('tokens.state')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('tokens.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {tokens.map((token) => (
                  <tr key={token.id}>
                    <th scope="row">{token.name}</th>
                    <td>
                      {token.programmes === allProgrammes
                        ? t('tokens.scope-all')
                        : token.programmes.map(format.programme).join(', ')}
                    </td>
                    <td>{format.date(token.expiresAt)}</td>
                    <td>
                      {token.lastUsedAt ? format.received(token.lastUsedAt) : t('tokens.never')}
                    </td>
                    <td>{stateOf(token)}</td>
                    <td>
                      {!token.revokedAt && (
                        <button
                          type="button"
                          className="btn btn-outline-danger btn-sm"
                          onClick={() => revokeToken(token)}
                          aria-label={t('tokens.revoke-named', { name: token.name })}
                        >
                          {t('tokens.revoke')}
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Loaded>
    </section>
  );
}
