import { expect, test } from '@playwright/test';
import { expectAccessible } from './fixtures';

// The check every journey runs on its screens (`expectAccessible`) finds what it is there to find:
// a serious or critical axe-core violation in the page or in a frame of it, also after the page
// changed since the last check (axe stays loaded between checks), and passes a page with none.

test('the accessibility check fails on a violation in the page or in a frame, and passes a clean page', async ({
  page,
}) => {
  await page.setContent(
    `<!doctype html><html lang="en"><head><title>Clean</title></head>
     <body><main><h1>Clean</h1><label for="n">Name</label><input id="n"></main></body></html>`,
  );
  await expectAccessible(page);

  // The same page after a change: an input with no label (axe's 'label' rule, critical).
  await page.evaluate(() => {
    const doc = (
      globalThis as unknown as {
        document: { querySelector(s: string): { insertAdjacentHTML(w: string, h: string): void } };
      }
    ).document;
    doc.querySelector('main').insertAdjacentHTML('beforeend', '<input id="unlabelled">');
  });
  await expect(expectAccessible(page)).rejects.toThrow(/label \(critical\).*#unlabelled/s);

  // A frame's content is checked too (a same-origin frame, as the app's previews are).
  await page.route('http://axe-check.test/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: route.request().url().endsWith('/inner')
        ? `<!doctype html><html lang="en"><head><title>Inner</title></head><body><main><button id="empty"></button></main></body></html>`
        : `<!doctype html><html lang="en"><head><title>Framed</title></head>
           <body><main><h1>Framed</h1><iframe title="Preview" src="/inner"></iframe></main></body></html>`,
    }),
  );
  await page.goto('http://axe-check.test/');
  await expect(page.frameLocator('iframe').locator('#empty')).toBeAttached();
  await expect(expectAccessible(page)).rejects.toThrow(/button-name \(critical\).*#empty/s);
});
