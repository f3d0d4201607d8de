import { launchBrowser } from '/work/wt/contrast-texts/testing/browser';
import { startServer } from '/work/wt/contrast-texts/testing/server';

async function main() {
  const server = await startServer({ env: { DPO_EMAIL: 'dataskydd@example.edu' } });
  const browser = await launchBrowser();
  try {
    for (const language of ['sv', 'en']) {
      for (const [name, link] of [
        ['terms', '.registration-form .document-link'],
        ['privacy', 'footer .document-link >> nth=0'],
        ['accessibility', 'footer .document-link >> nth=1'],
      ]) {
        const context = await browser.newContext({ baseURL: server.url, viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });
        const page = await context.newPage();
        await page.addInitScript((lang) => sessionStorage.setItem('user-language', lang), language);
        await page.goto('/');
        await page.waitForFunction((lang) => document.documentElement.lang === lang, language);
        await page.locator(link).click();
        await page.locator('.modal.show').waitFor();
        await page.waitForTimeout(500);
        await page.locator('.modal-dialog').screenshot({ path: `/tmp/ct/${name}-${language}.png` });
        await context.close();
      }
    }
    // the form with the new borders, and a focused field
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto('/');
    await page.locator('#terms').scrollIntoViewIfNeeded();
    await page.keyboard.press('Tab');
    await page.locator('#degreeProgram').focus();
    await page.waitForTimeout(300);
    await page.screenshot({ path: '/tmp/ct/form-sv.png' });
    await context.close();
  } finally {
    await browser.close();
    await server.dispose();
  }
}
void main();
