/**
 * A registration's possible duplicates, each named by its reference, programme and received day
 * and linked: those still open to be resolved (not the same person, or handled), those resolved
 * with who and when, to be marked again. Only pairs whose both halves the person may see are
 * listed, so every one listed is theirs to resolve.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import type { PossibleDuplicate, RegistrationDetails } from '../../contract/consoleApiSchemas';
import { duplicateResolutions, type DuplicateResolution } from '../../contract/processing';
import { useResolveDuplicateMutation } from './consoleApi';
import { useFormatting } from './useFormatting';

export function PossibleDuplicates({ registration }: { registration: RegistrationDetails }) {
  const { t } = useTranslation('staff');
  const [resolve, { isError }] = useResolveDuplicateMutation();
  // The pair last resolved or marked again: its new button takes the focus the old one had.
  const [changed, setChanged] = useState<number>();
  const open = registration.duplicates.filter((duplicate) => duplicate.resolution === null);
  const resolved = registration.duplicates.filter((duplicate) => duplicate.resolution !== null);
  if (registration.duplicates.length === 0) return null;

  async function decide(otherId: number, resolution: DuplicateResolution | null) {
    const result = await resolve({ id: registration.id, otherId, resolution });
    if (!('error' in result)) setChanged(otherId);
  }
  const item = (duplicate: PossibleDuplicate) => (
    <DuplicateItem
      key={duplicate.id}
      duplicate={duplicate}
      focus={changed === duplicate.id}
      decide={(resolution) => decide(duplicate.id, resolution)}
    />
  );

  return (
    <section aria-label={t('possible-duplicate')} className="mb-4">
      {open.length > 0 && (
        <div className="alert alert-warning">
          <p className="mb-1">{t('duplicates-intro', { count: open.length })}</p>
          <p className="mb-2 small">{t('duplicates-resolve-hint')}</p>
          <ul className="list-unstyled mb-0 duplicate-list">{open.map(item)}</ul>
        </div>
      )}
      {resolved.length > 0 && (
        <div className="alert alert-light border">
          <p className="mb-1">{t('duplicates-resolved-intro')}</p>
          <ul className="list-unstyled mb-0 duplicate-list">{resolved.map(item)}</ul>
        </div>
      )}
      {isError && (
        <p role="alert" className="text-danger">
          {t('duplicate-resolve-failed')}
        </p>
      )}
    </section>
  );
}

function DuplicateItem({
  duplicate,
  focus,
  decide,
}: {
  duplicate: PossibleDuplicate;
  focus: boolean;
  decide: (resolution: DuplicateResolution | null) => Promise<void>;
}) {
  const { t } = useTranslation('staff');
  const format = useFormatting();
  // Whatever list the person came from stays the way back.
  const state = useLocation().state as unknown;
  const firstButton = useRef<HTMLButtonElement>(null);
  const { resolution } = duplicate;
  useEffect(() => {
    if (focus) firstButton.current?.focus();
  }, [focus, resolution]);
  return (
    <li className="d-flex flex-wrap align-items-center gap-2 py-1">
      <Link to={`/staff/${duplicate.id}`} state={state}>
        {t('duplicate-link', {
          reference: duplicate.reference,
          programme: format.programme(duplicate.degreeProgram),
          date: format.receivedDay(duplicate.createdAt),
        })}
      </Link>
      {resolution === null ? (
        duplicateResolutions.map((choice, index) => (
          <button
            key={choice}
            ref={index === 0 ? firstButton : undefined}
            type="button"
            className="btn btn-sm btn-outline-secondary"
            onClick={() => decide(choice)}
          >
            {t(`duplicate-${choice}`)}
          </button>
        ))
      ) : (
        <>
          <span>
            {t(`duplicate-resolution.${resolution.type}`, {
              name: resolution.by.name,
              at: format.received(resolution.at),
            })}
          </span>
          <button
            ref={firstButton}
            type="button"
            className="btn btn-sm btn-outline-secondary"
            onClick={() => decide(null)}
          >
            {t('duplicate-mark-again')}
          </button>
        </>
      )}
    </li>
  );
}
