/**
 * Runs inline on the prerendered start page, right after its markup and before the first paint:
 * shows the page in the applicant's language and with the form as they left it, which is what
 * React renders when it hydrates. A language the address asks for (`?lang=en`, whose page the
 * server sent) becomes the chosen one and leaves the address, so that a reload keeps a choice made
 * later. Its source is written into the page, so it uses nothing but its arguments and the browser.
 */
export function restoreBeforeHydration(
  storageKeys: { language: string; formData: string },
  templateIdPrefix: string,
  languageParameter: string,
  formId: string,
): void {
  const root = document.getElementById('root');
  const template = (language: string | null) =>
    document.getElementById(`${templateIdPrefix}${language}`);
  const address = new URL(location.href);
  const asked = address.searchParams.get(languageParameter);
  if (asked !== null) {
    address.searchParams.delete(languageParameter);
    history.replaceState(history.state, '', address);
  }
  try {
    if (asked === document.documentElement.lang || template(asked)) {
      sessionStorage.setItem(storageKeys.language, asked!);
    }
    const language = sessionStorage.getItem(storageKeys.language);
    const shown = template(language);
    if (shown instanceof HTMLTemplateElement && root) {
      root.replaceChildren(shown.content.cloneNode(true));
      document.documentElement.lang = language!;
    }
    const form = document.getElementById(formId);
    const values: unknown = JSON.parse(sessionStorage.getItem(storageKeys.formData) ?? 'null');
    if (!(form instanceof HTMLFormElement) || typeof values !== 'object' || values === null) return;
    for (const [name, value] of Object.entries(values)) {
      const control = form.elements.namedItem(name);
      if (control instanceof HTMLInputElement && control.type === 'checkbox') {
        if (typeof value === 'boolean') control.checked = value;
      } else if (
        (control instanceof HTMLInputElement || control instanceof HTMLSelectElement) &&
        typeof value === 'string'
      ) {
        control.value = value;
      }
    }
  } catch {
    // Storage refused or corrupt: the page as the server rendered it.
  }
}
