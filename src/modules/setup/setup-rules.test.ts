import { describe, expect, it } from 'vitest';
import { ago, setupChecklist, type SetupFacts } from './setup-rules';

const now = new Date('2026-11-26T12:00:00Z');
const fresh: SetupFacts = {
  payments: { provider: 'test', stripeTestKey: false, webhookSecret: false },
  mail: { smtp: false, ownerEmail: null },
  photographerName: null,
  tax: { saved: false },
  notice: null,
  lab: { enabled: false, sandbox: false, demo: false },
  oneTimePassword: ['admin'],
  backup: null,
  backupDir: 'backups',
};
const with_ = (over: Partial<SetupFacts>) => setupChecklist({ ...fresh, ...over }, now);
const byKey = (over: Partial<SetupFacts>, key: string) => with_(over).items.find((i) => i.key === key)!;

describe('the set-up checklist', () => {
  it('lists the eight items in order; a fresh shop needs attention but for the optional ones', () => {
    const list = setupChecklist(fresh, now);
    expect(list.items.map((i) => [i.key, i.state])).toEqual([
      ['payments', 'attention'],
      ['email', 'attention'],
      ['photographer-name', 'attention'],
      ['tax', 'attention'],
      ['shipping-notice', 'optional'],
      ['print-lab', 'optional'],
      ['admin-password', 'attention'],
      ['backup', 'attention'],
    ]);
    expect(list.ready).toBe(2);
    expect(list.paymentsProvider).toBe('test');
  });

  it('says which payment provider takes payments, and what is missing', () => {
    const stripe = { provider: 'stripe' as const, stripeTestKey: false, webhookSecret: true };
    expect(byKey({ payments: stripe }, 'payments')).toMatchObject({
      state: 'done',
      detail: 'Stripe takes card payments.',
      readme: 'Payments',
      link: null,
    });
    expect(byKey({ payments: { ...stripe, stripeTestKey: true } }, 'payments').detail).toMatch(
      /^Stripe is in test mode/,
    );
    expect(byKey({ payments: { ...stripe, webhookSecret: false } }, 'payments')).toMatchObject({
      state: 'attention',
      detail: expect.stringMatching(/^STRIPE_WEBHOOK_SECRET is not set/),
    });
    expect(byKey({}, 'payments').detail).toMatch(/^Test mode: checkout takes only the test card/);
    const none = with_({ payments: { provider: null, stripeTestKey: false, webhookSecret: false } });
    expect(none.paymentsProvider).toBeNull();
    expect(none.items[0]).toMatchObject({
      state: 'attention',
      detail: 'No payment provider: buyers can not pay. Set your Stripe keys to sell.',
    });
  });

  it('asks for her name until PHOTOGRAPHER_NAME is set; then says where it shows', () => {
    expect(byKey({}, 'photographer-name')).toEqual({
      key: 'photographer-name',
      title: 'Your name',
      state: 'attention',
      detail:
        "Not set: the footer shows the shop's name instead, and certificates carry no name unless you enter one under 'Name on certificates'. Set PHOTOGRAPHER_NAME.",
      link: null,
      readme: 'Going live',
    });
    expect(byKey({ photographerName: 'Ada Marsh' }, 'photographer-name')).toMatchObject({
      state: 'done',
      detail: `"Ada Marsh": in the footer, the photos' share tags and on certificates.`,
    });
  });

  it('e-mail is done with SMTP and the owner address', () => {
    expect(byKey({}, 'email').detail).toBe(
      'Not sent: e-mails are saved as files on the server. Set SMTP_URL and OWNER_EMAIL.',
    );
    expect(byKey({ mail: { smtp: true, ownerEmail: null } }, 'email').detail).toMatch(/Set OWNER_EMAIL\.$/);
    expect(byKey({ mail: { smtp: true, ownerEmail: 'dana@example.com' } }, 'email')).toMatchObject({
      state: 'done',
      detail: 'E-mail is sent; new orders and messages go to dana@example.com.',
    });
  });

  it('tax is done once saved, whichever states (none is a choice too)', () => {
    const tax = (t: SetupFacts['tax']) => byKey({ tax: t }, 'tax');
    expect(tax({ saved: false }).link).toEqual({ href: '/admin/orders/tax', label: 'Sales tax' });
    expect(tax({ saved: true, provider: 'manual', states: ['DC', 'MD', 'VA'] })).toMatchObject({
      state: 'done',
      detail: 'Collected in DC, MD and VA.',
    });
    expect(tax({ saved: true, provider: 'manual', states: [] }).detail).toBe(
      'Saved: no sales tax is collected.',
    );
    expect(tax({ saved: true, provider: 'stripe', states: [] }).detail).toBe(
      'Stripe Tax calculates it at checkout.',
    );
  });

  it('the notice and the lab are optional until set', () => {
    expect(
      byKey({ notice: { line1: 'Orders placed after June 20 ship in July.' } }, 'shipping-notice'),
    ).toMatchObject({
      state: 'done',
      detail: 'Shown to buyers: "Orders placed after June 20 ship in July."',
    });
    expect(byKey({ lab: { enabled: true, sandbox: false, demo: false } }, 'print-lab').state).toBe('done');
    expect(byKey({ lab: { enabled: true, sandbox: true, demo: false } }, 'print-lab')).toMatchObject({
      state: 'attention',
      detail: 'A print lab is on in test mode (sandbox): orders sent there are not made.',
    });
  });

  it('the demo labs are never done: nothing they take is printed', () => {
    expect(byKey({ lab: { enabled: true, sandbox: true, demo: true } }, 'print-lab')).toMatchObject({
      state: 'attention',
      detail: expect.stringMatching(
        /^Demo labs \(LAB_DEMO\): .* nothing is printed or shipped\. Unset LAB_DEMO/,
      ),
    });
  });

  it('the admin password is done when no account has its one-time password', () => {
    expect(byKey({}, 'admin-password')).toMatchObject({
      state: 'attention',
      detail: 'The account admin still has the one-time password from the first start.',
      link: { href: '/admin/password', label: 'Change password' },
    });
    expect(byKey({ oneTimePassword: [] }, 'admin-password').state).toBe('done');
  });

  it('a backup is recent for seven days', () => {
    const backup = (hoursAgo: number) => ({
      file: '/srv/shop/backups/wildframe-x.tar.gz',
      createdAt: new Date(now.getTime() - hoursAgo * 3_600_000),
    });
    expect(byKey({}, 'backup').detail).toBe(
      'No backup in backups/ yet. Run npm run backup, and keep a copy off the server.',
    );
    expect(byKey({ backup: backup(3) }, 'backup')).toMatchObject({
      state: 'done',
      detail: 'Last backup 3 hours ago: wildframe-x.tar.gz.',
    });
    expect(byKey({ backup: backup(6 * 24 + 23) }, 'backup').state).toBe('done');
    expect(byKey({ backup: backup(7 * 24 + 1) }, 'backup')).toMatchObject({
      state: 'attention',
      detail: 'Last backup 7 days ago. Run npm run backup, and keep a copy off the server.',
    });
  });

  it('says how long ago in words', () => {
    const before = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
    expect(ago(before(20), now)).toBe('less than an hour ago');
    expect(ago(before(60), now)).toBe('1 hour ago');
    expect(ago(before(25 * 60), now)).toBe('yesterday');
    expect(ago(before(12 * 24 * 60), now)).toBe('12 days ago');
  });
});
