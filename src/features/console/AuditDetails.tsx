/**
 * An audit entry's details as the admins read them: each `key=value` the server recorded by its
 * label in the console's language, a staff member by name, a field by its label; the keyed hash of
 * an erased applicant left out (it only confirms a known address, on the command line).
 */
import { useTranslation } from 'react-i18next';
import { fieldNames, type FieldName } from '../../contract/fields';
import { processingStates, type ProcessingState } from '../../contract/processing';
import { useFormatting } from './useFormatting';

/** `key=value` (the value JSON-quoted where it may hold spaces) or a word alone. */
const part = /([\w.-]+)=("(?:[^"\\]|\\.)*"|\S*)|(\S+)/g;
const hidden = new Set(['reference-hash', 'email-hash']);
const isField = (name: string): name is FieldName =>
  (fieldNames as readonly string[]).includes(name);
const isState = (name: string): name is ProcessingState =>
  (processingStates as readonly string[]).includes(name);

const unquoted = (value: string) => {
  if (value === 'null') return null;
  if (!value.startsWith('"')) return value;
  try {
    return JSON.parse(value) as string | null;
  } catch {
    return value;
  }
};

/** A duplicate's resolution as the registration's page names it. */
const resolutionKeys: Record<string, string> = {
  different: 'duplicate-different',
  handled: 'duplicate-handled',
  open: 'duplicate-mark-again',
};

export function AuditDetails({
  command,
  details,
  names,
}: {
  /** The event: an information request's `fields` were asked for, not changed. */
  command: string;
  details: string;
  /** Staff members' names by subject. */
  names: ReadonlyMap<string, string>;
}) {
  const { t } = useTranslation('staff');
  const format = useFormatting();

  function read(key: string, raw: string): string | undefined {
    const value = unquoted(raw);
    switch (key) {
      case 'new-state':
        return t('audit-detail.new-state', { value: isState(raw) ? format.state(raw) : raw });
      case 'new-assignee':
        return t('audit-detail.new-assignee', {
          value: value === null ? t('nobody') : (names.get(value) ?? value),
        });
      case 'fields':
        if (command.startsWith('request') && raw === 'none') return t('audit-detail.asked-none');
        return t(command.startsWith('request') ? 'audit-detail.asked' : 'audit-detail.fields', {
          value: raw
            .split(',')
            .map((name) => (isField(name) ? format.label(name).toLocaleLowerCase() : name))
            .join(', '),
        });
      case 'reason':
        return t('audit-detail.reason', { value: value ?? raw });
      case 'resolution':
        return t('audit-detail.resolution', {
          value: raw in resolutionKeys ? t(resolutionKeys[raw]) : raw,
        });
      case 'deadline':
      case 'from':
      case 'to':
        return t(`audit-detail.${key}`, {
          value: /^\d{4}-\d{2}-\d{2}$/.test(raw) ? format.date(raw) : raw,
        });
      case 'programme':
        return t('audit-detail.programme', { value: format.programme(raw) });
      case 'state':
        return t('audit-detail.state', { value: isState(raw) ? format.state(raw) : raw });
      case 'assignee':
        return t(`audit-detail.assignee-${raw}`, { defaultValue: `${key}=${raw}` });
      case 'search':
      case 'duplicates':
      case 'overdue':
        return t(`audit-detail.${key}`);
      default:
        return t(`audit-detail.${key}`, { value, defaultValue: `${key}=${raw}` });
    }
  }

  const parts = [...details.matchAll(part)].flatMap(([, key, raw, word]) => {
    if (word !== undefined) return [t(`audit-detail.${word}`, { defaultValue: word })];
    return hidden.has(key) ? [] : [read(key, raw)];
  });
  return parts.join(' · ');
}
