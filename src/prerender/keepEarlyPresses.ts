/**
 * Runs inline on the prerendered start page, after restoreBeforeHydration, so that no press made
 * before React has taken the form over is lost. The language button and the documents' links need
 * nothing from it: until React has them they are a form and links, which lead to the other
 * language's page and to the documents' own pages. Leaving the page then would lose what was
 * typed, so it is saved as the app saves it. A submit is kept, not sent (the browser would put
 * what was typed into the address), and carried out once the app has announced, with
 * `takeoverEvent` on the document, that the form is its own. Its source is written into the page,
 * so it uses nothing but its arguments and the browser.
 */
export function keepEarlyPresses(formDataKey: string, formId: string, takeoverEvent: string): void {
  const form = () => document.getElementById(formId) as HTMLFormElement | null;
  let takenOver = false;
  let submitted = false;
  form()?.addEventListener('submit', (event) => {
    if (takenOver) return;
    event.preventDefault();
    // React may be listening already, but not have the form yet: the press waits for the app.
    event.stopPropagation();
    submitted = true;
  });
  addEventListener('pagehide', () => {
    const controls = form()?.elements;
    if (takenOver || !controls) return;
    const values: Record<string, string | boolean> = {};
    for (const control of controls as unknown as HTMLInputElement[]) {
      if (control.name)
        values[control.name] = control.type === 'checkbox' ? control.checked : control.value;
    }
    try {
      sessionStorage.setItem(formDataKey, JSON.stringify(values));
    } catch {
      // Storage refused: the page that follows starts empty, as it would have anyway.
    }
  });
  document.addEventListener(
    takeoverEvent,
    () => {
      takenOver = true;
      if (submitted) form()?.requestSubmit();
    },
    { once: true },
  );
}
