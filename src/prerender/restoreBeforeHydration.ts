/**
 * Runs inline on the prerendered start page, right after its markup and before the first paint:
 * shows the page in the applicant's stored language and with the form as they left it, which is
 * what React renders when it hydrates. Until then the form must not submit itself: the browser
 * would put what was typed into the address. Its source is written into the page, so it uses
 * nothing but its arguments and the browser.
 */
export function restoreBeforeHydration(
  storageKeys: { language: string; formData: string },
  templateIdPrefix: string,
): void {
  const root = document.getElementById('root');
  root?.addEventListener('submit', (event) => event.preventDefault());
  try {
    const language = sessionStorage.getItem(storageKeys.language);
    const template = document.getElementById(`${templateIdPrefix}${language}`);
    if (language && template instanceof HTMLTemplateElement && root) {
      root.replaceChildren(template.content.cloneNode(true));
      document.documentElement.lang = language;
    }
    const form = root?.querySelector('form');
    const values: unknown = JSON.parse(sessionStorage.getItem(storageKeys.formData) ?? 'null');
    if (!form || typeof values !== 'object' || values === null) return;
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
