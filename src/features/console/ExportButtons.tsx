/**
 * The export of every registration the filter matches, as xlsx or CSV. Posted with the filter in
 * the body (so that the search text is in no address) and saved as the file the server names.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { xsrfHeaderFor } from '../../api/xsrf';
import type { ExportQuery, RegistrationFilter } from '../../contract/consoleApiSchemas';
import type { ExportFormat } from '../../contract/exportFileTypes';
import { consoleApiPath } from '../../contract/consolePaths';
import type { Language } from '../../contract/languages';

/** The spreadsheet first. */
const exportFormatsShown: readonly ExportFormat[] = ['xlsx', 'csv'];
const exportPath = `${consoleApiPath}/export`;

/** Hands the browser `file` to save as `name`, as a link with `download` would. */
function save(file: Blob, name: string) {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(file);
  link.download = name;
  link.click();
  // Once the browser has begun saving it: revoked at once, some browsers save nothing.
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
}

/** The name the server gives the file (exportFileName.ts: letters, digits and dashes, quoted). */
const fileNameIn = (answer: Response) =>
  /filename="([^"]+)"/.exec(answer.headers.get('content-disposition') ?? '')?.[1];

export function ExportButtons({ filter }: { filter: RegistrationFilter }) {
  const { t, i18n } = useTranslation('staff');
  const [failed, setFailed] = useState(false);

  async function exportAs(format: ExportFormat) {
    setFailed(false);
    const query: ExportQuery = { ...filter, format, language: i18n.language as Language };
    const answer = await fetch(exportPath, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...xsrfHeaderFor('POST', exportPath) },
      body: JSON.stringify(query),
    }).catch(() => undefined);
    if (!answer?.ok) return setFailed(true);
    save(await answer.blob(), fileNameIn(answer) ?? `registrations.${format}`);
  }

  return (
    <>
      {/* The two formats stay together when a narrow screen wraps the line. */}
      <span className="d-flex gap-3">
        {exportFormatsShown.map((format) => (
          <button
            key={format}
            type="button"
            className="btn btn-link p-0 align-baseline"
            onClick={() => void exportAs(format)}
          >
            {t(`export-${format}`)}
          </button>
        ))}
      </span>
      {failed && <span role="alert">{t('export-failed')}</span>}
    </>
  );
}
