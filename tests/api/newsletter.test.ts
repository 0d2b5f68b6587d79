import { describe, expect, it } from 'vitest';
import { eventually } from '../support/test-app';
import { mailHeader, mailTextPart } from '../support/smtp-sink';
import { pathOf, unsubscribeUrl, useNewsletterRig } from '../support/newsletter-rig';

// Issue 49, a newsletter they chose: double opt-in (a confirmation e-mail, confirmed by a button,
// unconfirmed addresses gone after 7 days), the same answer whatever the address's state,
// one-click unsubscribe by POST without a session, and a suppression list no later sign-up gets
// past. Sending and deleting: newsletter-sending.test.ts.

const { rig, db, mailsTo, subscribe, seedConfirmed, newCampaign } = useNewsletterRig();

describe('signing up', () => {
  it('is double opt-in: a confirmation e-mail, confirmed only by its button, the token stored as a hash', async () => {
    const answer = await rig.app.client().json<{ message: string }>(subscribe('Ann@example.com'), 202);
    expect(answer.message).toBe('Thank you! Please check your e-mail and confirm your subscription.');
    const mail = await eventually(async () => mailsTo('Ann@example.com')[0]);
    expect(mail.subject).toBe('Please confirm your subscription to Refuge Light');
    expect(unsubscribeUrl(mail.raw)).toMatch(/^https:\/\/shop\.example\/unsubscribe\/\d+\.[\w-]{43}$/);
    expect(mailHeader(mail.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const text = mailTextPart(mail.raw);
    const confirmUrl = /https:\/\/shop\.example\/newsletter\/confirm\/[\w-]{43}/.exec(text)![0];
    expect(text).toContain(unsubscribeUrl(mail.raw)); // the visible way out
    const token = confirmUrl.split('/').pop()!;
    const row = await db()('newsletter_subscribers').where({ email_key: 'ann@example.com' }).first();
    expect(row.status).toBe('pending');
    expect(row.source).toBe('footer');
    expect(JSON.stringify(row)).not.toContain(token);

    // the link opened (a link scanner too) confirms nothing; its button does
    const page = await rig.app.client().get(pathOf(confirmUrl));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Confirm my subscription');
    expect((await db()('newsletter_subscribers').where({ id: row.id }).first()).status).toBe('pending');
    const confirmed = await rig.app.client().post(pathOf(confirmUrl), '');
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain('You are subscribed');
    expect((await db()('newsletter_subscribers').where({ id: row.id }).first()).status).toBe('confirmed');
    expect((await rig.app.client().post('/newsletter/confirm/' + 'x'.repeat(43), '')).status).toBe(404);

    // the same answer again, and nothing sent to a subscribed address
    expect(
      (await rig.app.client().json<{ message: string }>(subscribe('ann@example.com', 'order'), 202)).message,
    ).toBe(answer.message);
    await new Promise((r) => setTimeout(r, 800));
    expect(mailsTo('Ann@example.com')).toHaveLength(1);
  });

  it('works without JavaScript: the footer form posts to a page that says the same', async () => {
    const res = await rig.app.client().post('/newsletter/subscribe', 'email=bo%40example.com', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Please check your e-mail and confirm your subscription.');
    await eventually(async () => mailsTo('bo@example.com')[0]);
  });

  it('deletes addresses not confirmed within 7 days', async () => {
    await rig.app.client().json(subscribe('late@example.com'), 202);
    await rig.app.client().json(subscribe('recent@example.com'), 202);
    await db()('newsletter_subscribers')
      .where({ email_key: 'late@example.com' })
      .update({ created_at: db().raw("now() - interval '7 days 1 minute'") });
    await db()('newsletter_subscribers')
      .where({ email_key: 'recent@example.com' })
      .update({ created_at: db().raw("now() - interval '6 days'") });
    await rig.app.modules.newsletter.sweep();
    const left = await db()('newsletter_subscribers').whereIn('email_key', [
      'late@example.com',
      'recent@example.com',
    ]);
    expect(left.map((r) => r.email_key)).toEqual(['recent@example.com']);
  });

  it('refuses bad addresses with 400 and stores or sends nothing', async () => {
    const before = await db()('newsletter_subscribers').count({ n: '*' }).first();
    for (const email of [
      'eve@example.com\nBcc: x@example.com',
      'eve@example.com\n',
      `${'a'.repeat(10_000)}@example.com`,
      42,
    ]) {
      const res = await rig.app.client().post('/api/newsletter/subscribe', { email });
      expect(res.status, JSON.stringify(email).slice(0, 40)).toBe(400);
      expect((await res.json()).message).toBe('Please enter a valid email address');
    }
    expect((await subscribe('eve@example.com', 'elsewhere')).status).toBe(400);
    // the limit counts junk too: the 6th try in 10 minutes is refused before it is read
    expect((await subscribe('not an address')).status).toBe(429);
    await new Promise((r) => setTimeout(r, 500));
    expect(await db()('newsletter_subscribers').count({ n: '*' }).first()).toEqual(before);
    expect(rig.sink.mails.filter((m) => m.to.some((to) => to.includes('eve')))).toEqual([]);
  });
});

describe('unsubscribing', () => {
  it('works by one-click POST without a session or our origin, and the address is never mailed again', async () => {
    const [email] = await seedConfirmed('leave-', 1);
    const first = await newCampaign('Before leaving');
    await first.admin.json(
      first.admin.post(`/api/admin/newsletter/campaigns/${first.id}/send`, { ratePerHour: 100 }),
      202,
    );
    const mail = await eventually(async () => mailsTo(email)[0]);
    const link = unsubscribeUrl(mail.raw);

    // opening the link (a scanner) unsubscribes nothing
    const page = await fetch(rig.app.url + pathOf(link));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('>Unsubscribe</button>');
    expect(await db()('newsletter_subscribers').where({ email_key: email }).first()).toBeTruthy();

    // the mail client's POST: from its servers, no cookie, no CSRF token, another origin
    const res = await fetch(rig.app.url + pathOf(link), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('You are unsubscribed');
    expect(await db()('newsletter_subscribers').where({ email_key: email }).first()).toBeUndefined();
    const suppressed = await db()('newsletter_suppressions').select('email_hash');
    expect(JSON.stringify(suppressed)).not.toContain('leave-');
    // again: the same page
    expect((await fetch(rig.app.url + pathOf(link), { method: 'POST' })).status).toBe(200);

    // someone signs the address up again (another case): the same answer, no e-mail at all
    await rig.app.client().json(subscribe(email.toUpperCase()), 202);
    await rig.app.client().json(subscribe(email), 202);
    expect(await db()('newsletter_subscribers').where({ email_key: email }).first()).toBeUndefined();
    const other = await seedConfirmed('stay-', 1);
    const second = await newCampaign('After leaving');
    await second.admin.json(
      second.admin.post(`/api/admin/newsletter/campaigns/${second.id}/send`, { ratePerHour: 100 }),
      202,
    );
    await eventually(async () => mailsTo(other[0]).length === 1);
    await new Promise((r) => setTimeout(r, 800));
    expect(mailsTo(email)).toHaveLength(1);
    expect(mailsTo(email.toUpperCase())).toHaveLength(0);
  });

  it('the owner lists, exports and deletes subscribers', async () => {
    const [email] = await seedConfirmed('ask-', 1);
    const admin = await rig.app.admin();
    const list = await admin.json<{
      subscribers: { id: number; email: string }[];
      counts: Record<string, number>;
    }>(admin.get('/api/admin/newsletter/subscribers'));
    const row = list.subscribers.find((s) => s.email === email)!;
    expect(list.counts.suppressed).toBeGreaterThan(0);
    const csv = await admin.get('/api/admin/newsletter/subscribers.csv');
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(await csv.text()).toMatch(new RegExp(`^${email},confirmed,footer,`, 'm'));
    await admin.json(admin.delete(`/api/admin/newsletter/subscribers/${row.id}`));
    expect(await db()('newsletter_subscribers').where({ id: row.id }).first()).toBeUndefined();
    expect((await admin.delete(`/api/admin/newsletter/subscribers/${row.id}`)).status).toBe(404);
    expect((await rig.app.client().get('/api/admin/newsletter/subscribers')).status).toBe(401);
  });
});
