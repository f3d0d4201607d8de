/**
 * A registration's notes, oldest first, each with its author and time, and a form to add one.
 * Notes are never changed or removed, and the applicant reads them in their data download (by "the
 * admissions office"): the hint under the label says so. The count under the text says how much
 * room is left (as GOV.UK's character count does); a note too long, empty or with a control
 * character (notePattern) is refused before it is sent, and one the server refuses all the same
 * (400) is told the same way. The text typed stays until the note is added, also while the person
 * is elsewhere in the console (draftsSlice.ts).
 */
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { RegistrationDetails } from '../../contract/consoleApiSchemas';
import { noteLength, notePattern } from '../../contract/processing';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { isBadRequest } from './apiErrors';
import { noteDrafted, selectNoteDraft } from './draftsSlice';
import { useAddNoteMutation } from './consoleApi';
import { useFormatting } from './useFormatting';

const noteRule = new RegExp(notePattern, 'u');

export function NotesSection({ registration }: { registration: RegistrationDetails }) {
  const { t, i18n } = useTranslation('staff');
  const format = useFormatting();
  const dispatch = useAppDispatch();
  const text = useAppSelector((state) => selectNoteDraft(state, registration.id));
  const setText = (typed: string) => dispatch(noteDrafted({ id: registration.id, text: typed }));
  const [showError, setShowError] = useState(false);
  const [added, setAdded] = useState(false);
  /** The server refused the text as it stands (400): shown until it is changed. */
  const [refused, setRefused] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  const [addNote, { isLoading, isError, error }] = useAddNoteMutation();

  const left = noteLength.max - text.length;
  const textError =
    text.trim().length < noteLength.min
      ? t('note-required')
      : left < 0
        ? t('note-too-long', { max: noteLength.max.toLocaleString(i18n.language) })
        : !noteRule.test(text)
          ? t('note-control-characters')
          : undefined;
  const shownError = showError ? textError : refused ? t('note-control-characters') : undefined;

  async function add(event: FormEvent) {
    event.preventDefault();
    if (isLoading) return;
    setAdded(false);
    if (textError) {
      setShowError(true);
      input.current?.focus();
      return;
    }
    const result = await addNote({ id: registration.id, text });
    if (!('error' in result)) {
      setText('');
      setShowError(false);
      setAdded(true);
    } else if (isBadRequest(result.error)) {
      setRefused(true);
      input.current?.focus();
    }
  }

  return (
    <section aria-labelledby="notes-heading" className="mb-4">
      <h2 id="notes-heading" className="h4">
        {t('notes-heading')}
      </h2>
      {registration.notes.length === 0 ? (
        <p>{t('no-notes')}</p>
      ) : (
        <ul className="list-unstyled notes">
          {registration.notes.map((note) => (
            <li key={note.id} className="mb-3">
              <p className="mb-1 note-text">{note.text}</p>
              <p className="small mb-0">
                {note.author.name} · <time dateTime={note.at}>{format.received(note.at)}</time>
              </p>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={add} noValidate>
        <label className="form-label mb-0" htmlFor="note-text">
          {t('note-label')}
        </label>
        <div id="note-hint" className="form-text mt-0 mb-2">
          {t('note-hint')}
        </div>
        <textarea
          id="note-text"
          ref={input}
          className={`form-control${shownError ? ' is-invalid' : ''}`}
          value={text}
          rows={4}
          aria-describedby={`note-hint note-count${shownError ? ' note-error' : ''}`}
          aria-invalid={shownError !== undefined}
          onChange={(event) => {
            setText(event.target.value);
            setAdded(false);
            setRefused(false);
          }}
        />
        {shownError && (
          <div id="note-error" className="invalid-feedback d-block">
            {shownError}
          </div>
        )}
        <div id="note-count" className={`form-text${left < 0 ? ' text-danger' : ''}`}>
          {left >= 0
            ? t('note-characters-left', {
                count: left,
                formatted: left.toLocaleString(i18n.language),
              })
            : t('note-characters-over', {
                count: -left,
                formatted: (-left).toLocaleString(i18n.language),
              })}
        </div>
        <button type="submit" className="btn btn-primary mt-2">
          {t('note-add')}
        </button>
        {added && (
          <p role="status" className="mt-2 mb-0">
            {t('note-added')}
          </p>
        )}
        {isError && !isBadRequest(error) && (
          <p role="alert" className="text-danger mt-2 mb-0">
            {t('note-failed')}
          </p>
        )}
      </form>
    </section>
  );
}
