import addressparser from 'nodemailer/lib/addressparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, eventually, type TestApp } from '../support/test-app';
import { mailHeader, mailTextPart, startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { customer, insertPhoto, placeOrder, testCard } from '../support/shop-data';

// Every mail is from the shop's name at MAIL_FROM's address; a buyer's reply reaches the owner
// (Reply-To: OWNER_EMAIL) and the text says to reply only when it does. Read back from a real SMTP
// server, as a mail client would show them.

const SITE_NAME = 'Refuge Light, Moab Photography';
const OWNER = 'dana@refuge.example';
const REPLY_SENTENCE = 'Reply to this e-mail';

type Shop = { app: TestApp; sink: SmtpSink; photo: { photoId: number; optionIds: number[] } };

async function openShop(env: Record<string, string>): Promise<Shop> {
  const sink = await startSmtpSink();
  const app = await createTestApp({ SMTP_URL: sink.url, SITE_NAME, ...env });
  await app.startWorkers();
  const photo = await insertPhoto(app.ctx.db, { title: 'Heron at Dawn' }); // $95 + $10 shipping
  return { app, sink, photo };
}

/** A paid order (the test card) and, once shipped, its 'Your order has shipped' mail: both mails. */
async function paidAndShipped({ app, sink, photo }: Shop) {
  const c = app.client();
  const { orderId } = await placeOrder(
    c,
    [{ photoId: photo.photoId, printOptionId: photo.optionIds[0], quantity: 1 }],
    105,
  );
  const { clientSecret } = await c.json<{ clientSecret: string }>(
    c.post('/api/create-payment-intent', { orderId, amount: 105 }),
  );
  await c.json(c.post('/api/test-payments/confirm', { ...testCard, clientSecret }));
  const forBuyer = (subject: string) =>
    sink.mails.find((m) => m.to.includes(customer.customerEmail) && m.subject.includes(subject));
  const confirmation = await eventually(async () => forBuyer(`order #${orderId}`));
  const admin = await app.admin();
  await admin.json(
    admin.patch(`/api/admin/orders/${orderId}/fulfillment-status`, {
      fulfillmentStatus: 'shipped',
      carrier: 'USPS',
      trackingNumber: '9400111899223197428490',
    }),
  );
  const shipped = await eventually(async () => forBuyer(`Your order has shipped (#${orderId})`));
  return { confirmation, shipped };
}

const fromOf = (raw: string) => addressparser(mailHeader(raw, 'From') ?? '', { flatten: true });

describe('mail headers with OWNER_EMAIL set', () => {
  let shop: Shop;
  beforeAll(async () => {
    // a name written in MAIL_FROM does not replace the shop's name
    shop = await openShop({ OWNER_EMAIL: OWNER, MAIL_FROM: 'Wildframe <prints@refuge.example>' });
  });
  afterAll(() => Promise.all([shop?.app.close(), shop?.sink.close()]));

  it("sends the buyer's mails from the shop's name, replies going to the owner, and says so", async () => {
    const { confirmation, shipped } = await paidAndShipped(shop);
    for (const mail of [confirmation, shipped]) {
      expect(fromOf(mail.raw)).toEqual([{ name: SITE_NAME, address: 'prints@refuge.example' }]);
      expect(mail.from).toBe('prints@refuge.example'); // the envelope sender too
      expect(mailHeader(mail.raw, 'Reply-To')).toBe(OWNER);
      const text = mailTextPart(mail.raw);
      expect(text).toContain(`Questions? ${REPLY_SENTENCE} or write to us at `);
      expect(text).toMatch(/write to us at http:\/\/\S+\/contact/);
    }
  });

  it("sends the owner's copy of a contact message from the shop, replies going to the visitor", async () => {
    const c = shop.app.client();
    await c.json(
      c.post('/api/contact', {
        name: 'Rosa Marsh',
        email: 'rosa@example.org',
        message: 'Do you ship to Utah?',
      }),
      201,
    );
    const mail = await eventually(async () => shop.sink.mails.find((m) => m.subject.includes('Rosa Marsh')));
    expect(mail.to).toEqual([OWNER]);
    expect(fromOf(mail.raw)).toEqual([{ name: SITE_NAME, address: 'prints@refuge.example' }]);
    expect(mailHeader(mail.raw, 'Reply-To')).toBe('rosa@example.org');
  });
});

describe('mail headers without OWNER_EMAIL', () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await openShop({ MAIL_FROM: 'shop@refuge.example' });
  });
  afterAll(() => Promise.all([shop?.app.close(), shop?.sink.close()]));

  it('has no Reply-To and does not ask the buyer to reply: it points to the contact page', async () => {
    const { confirmation, shipped } = await paidAndShipped(shop);
    for (const mail of [confirmation, shipped]) {
      expect(fromOf(mail.raw)).toEqual([{ name: SITE_NAME, address: 'shop@refuge.example' }]);
      expect(mailHeader(mail.raw, 'Reply-To')).toBeNull();
      const text = mailTextPart(mail.raw);
      expect(text).not.toMatch(/reply/i);
      expect(text).toMatch(/Questions\? Write to us at http:\/\/\S+\/contact/);
    }
  });
});

describe('the default sender', () => {
  it("is the shop's name at no-reply@localhost when MAIL_FROM is not set", async () => {
    const shop = await openShop({});
    try {
      const { confirmation } = await paidAndShipped(shop);
      expect(fromOf(confirmation.raw)).toEqual([{ name: SITE_NAME, address: 'no-reply@localhost' }]);
    } finally {
      await Promise.all([shop.app.close(), shop.sink.close()]);
    }
  });
});
