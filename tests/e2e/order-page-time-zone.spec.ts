import { expect, test } from './support/fixtures';
import { placeOrder, stamp } from './support/orders';

// Issue 51: the buyer's order page is rendered on the server, then hydrated. Its dates were written
// in the server's zone there and the browser's here, so a buyer far from the server got React's
// error #418 (hydration mismatch). Both now write them in the shop's zone (SHOP_TIME_ZONE,
// America/New_York by default).
test.use({ timezoneId: 'Pacific/Honolulu' });

test('an order page opened in Honolulu hydrates without a mismatch, its date in the shop’s zone', async ({
  page,
  db,
}) => {
  const orderId = await placeOrder(page, `Ada ${stamp()}`);
  // 03:00 UTC on March 1st: still February 28th in New York (the shop) and in Honolulu (the buyer)
  await db('orders').where({ id: orderId }).update({ created_at: '2026-03-01T03:00:00Z' });
  const { status_token: token } = (await db('orders').where({ id: orderId }).first()) as {
    status_token: string;
  };

  const problems: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (message.type() === 'error' && !/Service ?Worker/i.test(text)) problems.push(text);
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.addInitScript(() => {
    const w = window as unknown as { wfAppReady: boolean };
    w.wfAppReady = false;
    window.addEventListener('wildframe:app-ready', () => (w.wfAppReady = true), { once: true });
  });

  await page.goto(`/orders/${token}`);
  await page.waitForFunction(() => (window as unknown as { wfAppReady: boolean }).wfAppReady);
  await page.waitForLoadState('networkidle');
  expect(problems.filter((p) => /#418|hydrat/i.test(p))).toEqual([]);
  expect(problems).toEqual([]);
  await expect(page.getByText('Placed on February 28, 2026')).toBeVisible();
  // the server's own HTML, before any script, says the same day
  const html = await (await page.request.get(`/orders/${token}`)).text();
  expect(html).toMatch(/Placed on (<!-- -->)?February 28, 2026/);
});
