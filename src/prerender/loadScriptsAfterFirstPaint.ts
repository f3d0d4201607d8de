/**
 * Runs inline on the prerendered start page, after restoreBeforeHydration: loads the page's
 * scripts once the browser has painted the page, so that nothing delays the first paint of the
 * form, which needs no script. In order, as the `defer` tags they replace would. Its source is
 * written into the page, so it uses nothing but its argument and the browser.
 */
export function loadScriptsAfterFirstPaint(scriptUrls: string[]): void {
  if (scriptUrls.length === 0) return;
  const load = () => {
    for (const url of scriptUrls) {
      const script = document.createElement('script');
      script.src = url;
      script.async = false;
      document.head.append(script);
    }
  };
  // The first-contentful-paint entry arrives once that frame is on screen. A frame callback runs
  // before its paint, and a task it queues may still run before the frame is shown; that is only
  // the way for browsers without paint timing.
  if (globalThis.PerformanceObserver?.supportedEntryTypes?.includes('paint')) {
    const observer = new PerformanceObserver((entries) => {
      if (!entries.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      setTimeout(load);
    });
    observer.observe({ type: 'paint', buffered: true });
  } else {
    requestAnimationFrame(() => setTimeout(load));
  }
}
