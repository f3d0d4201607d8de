/**
 * Runs inline on the prerendered start page, after restoreBeforeHydration: loads the page's
 * scripts once the browser has painted the page, so that nothing delays the first paint of the
 * form, which needs no script. In order, as the `defer` tags they replace would. Its source is
 * written into the page, so it uses nothing but its argument and the browser.
 */
export function loadScriptsAfterFirstPaint(scriptUrls: string[]): void {
  if (scriptUrls.length === 0) return;
  // The frame's callback runs just before the paint; the task it queues, just after.
  requestAnimationFrame(() =>
    setTimeout(() => {
      for (const url of scriptUrls) {
        const script = document.createElement('script');
        script.src = url;
        script.async = false;
        document.head.append(script);
      }
    }),
  );
}
