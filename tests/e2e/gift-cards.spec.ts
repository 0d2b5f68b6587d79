import type { Page } from '@playwright/test';
import type { Knex } from 'knex';
import {
  createGiftCardCodes,
  createLedgerRepository,
  formatCode,
  newGiftCardCode,
} from '../../src/modules/gift-cards';
import { expectNoA11yViolations } from './support/axe';
import { addPrintToCart, cartTotal, uniqueEmail, usd } from './support/checkout';
import { expect, sizes, test } from './support/fixtures';
import { resetRateLimit } from './support/rate-limits';

// Issue 47, the visitor's side: the "Gift card" page (amounts, a picture, whom it is for, when it
// is sent), the balance page, and gift cards at checkout (a card bought; a card that pays).

// the e2e server runs with NODE_ENV=test and no SESSION_SECRET: config.ts's fixed development secret
const codes = createGiftCardCodes(
  process.env.SESSION_SECRET ?? 'wildframe-development-session-secret-not-for-production',
);

/** A card as checkout's issue writes it: its row and an `issued` entry; voided when asked. */
async function insertCard(db: Knex, cents: number, opts: { voided?: boolean } = {}): Promise<string> {
  const ledger = createLedgerRepository(db);
  const code = newGiftCardCode();
  await db.transaction(async (trx) => {
    const id = await ledger.insertCard(trx, {
      codeHash: codes.hash(code),
      codeEncrypted: codes.encrypt(code),
      last4: code.slice(-4),
      kind: 'purchased',
      initialCents: cents,
      expiresAt: null,
      photoId: null,
      recipientName: 'Ann Lee',
      recipientEmail: 'ann@example.com',
      senderName: null,
      message: '',
      sendAt: null,
      orderLineId: null,
    });
    await ledger.addEntry(trx, { giftCardId: id, kind: 'issued', amountCents: cents });
    if (opts.voided) {
      await ledger.addEntry(trx, { giftCardId: id, kind: 'voided', amountCents: -cents, reason: 'e2e' });
      await trx('gift_cards').where({ id }).update({ voided_at: new Date() });
    }
  });
  return code;
}

const giftCardForm = (page: Page) => page.getByRole('form', { name: 'Gift card' });

for (const size of sizes) {
  test.describe(`gift cards (${size.name})`, () => {
    test.use(size.use);

    test('the gift card page offers her amounts and pictures, and says by each field what is missing', async ({
      page,
    }) => {
      await page.goto('/');
      const footer = page.getByRole('navigation', { name: 'Footer' });
      await expect(footer.getByRole('link', { name: 'Gift card' })).toHaveAttribute('href', '/gift-card');
      await page.goto('/gift-card');
      await expect(page.getByRole('heading', { level: 1, name: 'Gift card' })).toBeVisible();
      const form = giftCardForm(page);
      const amounts = form.getByRole('group', { name: 'Amount' });
      for (const amount of ['$25', '$50', '$100', 'Other amount'])
        await expect(amounts.getByRole('radio', { name: amount, exact: true })).toBeVisible();
      await expect(amounts.getByRole('radio', { name: '$50', exact: true })).toBeChecked();
      const pictures = form.getByRole('group', { name: 'Picture' }).getByRole('radio');
      // the demo shop picked none: the portfolio's first 6
      await expect(pictures).toHaveCount(6);
      await expect(pictures.first()).toBeChecked();
      await pictures.nth(2).check({ force: true });
      await expect(pictures.nth(2)).toBeChecked();

      // an amount outside $10-$500, and nobody named: each field says what is wrong
      await amounts.getByRole('radio', { name: 'Other amount' }).check();
      await form.getByLabel('Amount ($10–$500)').fill('5');
      await form.getByRole('button', { name: 'Add to Cart' }).click();
      await expect(form.getByText('Choose an amount from $10 to $500.')).toBeVisible();
      await expect(form.getByText("Enter the recipient's name.")).toBeVisible();
      await expect(form.getByText("Enter the recipient's e-mail address.")).toBeVisible();
      await expect(form.getByLabel('Amount ($10–$500)')).toBeFocused();
      await form.getByLabel('Amount ($10–$500)').fill('75');
      await expect(form.getByText('Choose an amount from $10 to $500.')).toHaveCount(0);

      // the message's counter, and a send date in the shop's zone
      await form.getByLabel('Message').fill('Happy birthday!');
      await expect(form.getByText('15/500')).toBeVisible();
      await form.getByRole('radio', { name: 'On a date' }).check();
      const when = form.getByLabel('Date and time (Washington, DC time)');
      await expect(when).toBeVisible();
      await form.getByRole('button', { name: 'Add to Cart' }).click();
      await expect(
        form.getByText('Choose a date and time to send it, from now to a year ahead.'),
      ).toBeVisible();
      await expectNoA11yViolations(page, { label: `gift card page (${size.name})` });
      await page.screenshot({ path: `/tmp/gc-page-${size.name}.png`, fullPage: true });
    });

    test("the balance page tells a card's balance, a voided card, and an unknown code", async ({
      page,
      db,
    }) => {
      await resetRateLimit('gift-card-balance-ip');
      const code = await insertCard(db, 3500);
      const voided = await insertCard(db, 2000, { voided: true });
      await page.goto('/gift-card');
      await page.getByRole('link', { name: 'Check a gift card balance' }).click();
      await expect(page).toHaveURL(/\/gift-card\/balance$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Check a gift card balance' })).toBeVisible();
      const form = page.getByRole('form', { name: 'Check a gift card balance' });
      const field = form.getByLabel('Gift card code');

      await field.fill('not a code');
      await form.getByRole('button', { name: 'Check balance' }).click();
      await expect(form.getByText('Enter a gift card code: 16 letters and digits.')).toBeVisible();

      // typed with dashes, in small letters
      await field.fill(formatCode(code).toLowerCase());
      await form.getByRole('button', { name: 'Check balance' }).click();
      await expect(form.getByText(`$35.00 left on gift card ••••${code.slice(-4)}`)).toBeVisible();
      await expectNoA11yViolations(page, { label: `balance page (${size.name})` });
      await page.screenshot({ path: `/tmp/gc-balance-${size.name}.png`, fullPage: true });

      await field.fill(voided);
      await form.getByRole('button', { name: 'Check balance' }).click();
      await expect(form.getByText(`This gift card ••••${voided.slice(-4)} has been voided.`)).toBeVisible();

      await field.fill(newGiftCardCode());
      await form.getByRole('button', { name: 'Check balance' }).click();
      await expect(form.getByText('That code is not a gift card we know.')).toBeVisible();
    });

    // Needs helper B's POST /api/cart/gift-cards and gift-card-only checkout (passes after the merge).
    test('a gift card bought from the page: in the cart, then checkout asks no address and the card pays', async ({
      page,
      db,
    }) => {
      test.setTimeout(120_000);
      await page.request.delete('/api/cart');
      const recipient = uniqueEmail(`gift-to-${size.name}`);
      await page.goto('/gift-card');
      const form = giftCardForm(page);
      await form.getByRole('radio', { name: '$25', exact: true }).check();
      await form.getByLabel("Recipient's name").fill('Ann Lee');
      await form.getByLabel("Recipient's e-mail").fill(recipient);
      await form.getByLabel('From').fill('Rachel');
      await form.getByLabel('Message').fill('For your next print.');
      await form.getByRole('button', { name: 'Add to Cart' }).click();

      const cart = page.getByRole('dialog', { name: 'Your Cart' });
      await expect(cart.getByRole('link', { name: 'Gift card $25 for Ann Lee' })).toBeVisible();
      await expect(cart.getByText('Sends when paid')).toBeVisible();
      await page.screenshot({ path: `/tmp/gc-cart-${size.name}.png` });
      await cart.getByRole('button', { name: 'Proceed to Checkout' }).click();

      await expect(page).toHaveURL(/\/checkout$/);
      const details = page.getByRole('form', { name: 'Your details' });
      await details.getByLabel('Full Name').fill('Rachel Carson');
      const buyerEmail = uniqueEmail(`gift-from-${size.name}`);
      await details.getByLabel('Email').fill(buyerEmail);
      // a gift card ships nothing and is not taxed: no address, no state
      await expect(details.getByRole('group', { name: 'Shipping to US Only' })).toHaveCount(0);
      await expect(details.getByLabel('State')).toHaveCount(0);
      await page.screenshot({ path: `/tmp/gc-checkout-${size.name}.png`, fullPage: true });
      await details.getByRole('button', { name: 'Continue to Payment' }).click();
      const pay = page.getByRole('form', { name: 'Payment' });
      await pay.getByLabel('Card number').fill('4242 4242 4242 4242');
      await pay.getByLabel('Expiry').fill('1234');
      await pay.getByLabel('CVC').fill('123');
      await pay.getByRole('button', { name: `Pay ${usd.format(25)}` }).click();
      await expect(page.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible({
        timeout: 20_000,
      });
      const line = await db('order_line_items as l')
        .join('orders as o', 'o.id', 'l.order_id')
        .where('o.customer_email', buyerEmail)
        .first('l.gift_card', 'o.status');
      expect(line.status).toBe('paid');
      expect(line.gift_card).toMatchObject({
        amountCents: 2500,
        recipientName: 'Ann Lee',
        recipientEmail: recipient,
      });
    });

    // Needs helper A's gift card tender (quote and checkout with giftCardCodes; `paid`): passes after the merge.
    test('a gift card that pays the whole order: applied at checkout, no card form, Place order', async ({
      page,
      db,
    }) => {
      test.setTimeout(120_000);
      await page.request.delete('/api/cart');
      await addPrintToCart(page);
      const total = await cartTotal(page);
      const code = await insertCard(db, Math.ceil(total * 100) + 5000);
      await page.goto('/checkout');
      await page.getByRole('button', { name: 'Have a gift card?' }).click();
      await page.getByLabel('Gift card code').fill(formatCode(code));
      await page.getByRole('button', { name: 'Apply', exact: true }).click();
      const applied = page.getByRole('list', { name: 'Gift cards applied' });
      await expect(applied.getByText(`••••${code.slice(-4)}`)).toBeVisible();
      await expect(page.getByText('Amount due')).toBeVisible();
      const details = page.getByRole('form', { name: 'Your details' });
      await details.getByLabel('Full Name').fill('Rachel Carson');
      await details.getByLabel('Email').fill(uniqueEmail(`gift-pays-${size.name}`));
      const group = details.getByRole('group', { name: 'Shipping to US Only' });
      await group.getByLabel('Address line 1').fill('11701 Berwick Road');
      await group.getByLabel('City').fill('Silver Spring');
      await group.getByLabel('State').selectOption('MD');
      await group.getByLabel('ZIP').fill('20904');
      await expect(details.getByRole('button', { name: 'Place order' })).toBeVisible();
      await page.screenshot({ path: `/tmp/gc-pays-${size.name}.png`, fullPage: true });
      await details.getByRole('button', { name: 'Place order' }).click();
      await expect(page.getByRole('form', { name: 'Payment' })).toHaveCount(0);
      await expect(page.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible({
        timeout: 20_000,
      });
    });

    test("a card bought for someone: the recipient's e-mail, spent over two orders, its balance checked", async ({
      page,
      db,
    }) => {
      test.setTimeout(180_000);
      await resetRateLimit('gift-card-balance-ip');
      // a card worth one print and $10 more: the first order uses the print's worth, the second the $10
      await page.request.delete('/api/cart');
      const printTotal = await addPrintToCart(page);
      await page.request.delete('/api/cart');
      const cardDollars = printTotal + 10;

      const recipient = uniqueEmail(`gift-two-${size.name}`);
      await page.goto('/gift-card');
      const form = giftCardForm(page);
      await form.getByRole('radio', { name: 'Other amount' }).check();
      await form.getByLabel('Amount ($10–$500)').fill(cardDollars.toFixed(2));
      await form.getByLabel("Recipient's name").fill('Ann Lee');
      await form.getByLabel("Recipient's e-mail").fill(recipient);
      await form.getByRole('button', { name: 'Add to Cart' }).click();
      const cart = page.getByRole('dialog', { name: 'Your Cart' });
      await cart.getByRole('button', { name: 'Proceed to Checkout' }).click();
      const details = page.getByRole('form', { name: 'Your details' });
      await details.getByLabel('Full Name').fill('Rachel Carson');
      await details.getByLabel('Email').fill(uniqueEmail(`gift-buyer-${size.name}`));
      await details.getByRole('button', { name: 'Continue to Payment' }).click();
      const pay = page.getByRole('form', { name: 'Payment' });
      await pay.getByLabel('Card number').fill('4242 4242 4242 4242');
      await pay.getByLabel('Expiry').fill('1234');
      await pay.getByLabel('CVC').fill('123');
      await pay.getByRole('button', { name: `Pay ${usd.format(cardDollars)}` }).click();
      await expect(page.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible({
        timeout: 20_000,
      });

      // the recipient's e-mail, written once the card is issued and its time (now) has come
      let mail: { subject: string; text: string } | undefined;
      await expect
        .poll(
          async () => {
            mail = await db('outbound_emails').where({ to_address: recipient }).first('subject', 'text');
            return mail !== undefined;
          },
          { timeout: 30_000 },
        )
        .toBe(true);
      expect(mail!.text).toContain(usd.format(cardDollars));
      const code = /(?:[2-9A-HJ-NP-Z]{4}-){3}[2-9A-HJ-NP-Z]{4}/.exec(mail!.text)?.[0];
      expect(code).toBeDefined();

      // two orders, each of one print: the card pays all of the first and $10 of the second
      const checkoutWithCard = async (email: string) => {
        await addPrintToCart(page);
        await page.goto('/checkout');
        await page.getByRole('button', { name: 'Have a gift card?' }).click();
        await page.getByLabel('Gift card code').fill(code!);
        await page.getByRole('button', { name: 'Apply', exact: true }).click();
        await expect(page.getByText('Amount due')).toBeVisible();
        const details = page.getByRole('form', { name: 'Your details' });
        await details.getByLabel('Full Name').fill('Ann Lee');
        await details.getByLabel('Email').fill(email);
        const group = details.getByRole('group', { name: 'Shipping to US Only' });
        await group.getByLabel('Address line 1').fill('11701 Berwick Road');
        await group.getByLabel('City').fill('Silver Spring');
        await group.getByLabel('State').selectOption('MD');
        await group.getByLabel('ZIP').fill('20904');
        return details;
      };
      const first = await checkoutWithCard(uniqueEmail(`gift-first-${size.name}`));
      await first.getByRole('button', { name: 'Place order' }).click();
      await expect(page.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible({
        timeout: 20_000,
      });

      const second = await checkoutWithCard(uniqueEmail(`gift-second-${size.name}`));
      await second.getByRole('button', { name: 'Continue to Payment' }).click();
      const rest = page.getByRole('form', { name: 'Payment' });
      await rest.getByLabel('Card number').fill('4242 4242 4242 4242');
      await rest.getByLabel('Expiry').fill('1234');
      await rest.getByLabel('CVC').fill('123');
      await rest.getByRole('button', { name: `Pay ${usd.format(printTotal - 10)}` }).click();
      await expect(page.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible({
        timeout: 20_000,
      });

      // nothing left on it
      await page.goto('/gift-card/balance');
      const check = page.getByRole('form', { name: 'Check a gift card balance' });
      await check.getByLabel('Gift card code').fill(code!);
      await check.getByRole('button', { name: 'Check balance' }).click();
      await expect(check.getByText(`$0.00 left on gift card ••••${code!.slice(-4)}`)).toBeVisible();
    });
  });
}
