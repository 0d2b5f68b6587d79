import type { SetupChecklist, SetupItem } from '../../contract';

/** What the checklist is computed from: each fact as the owning module (or the config) has it now. */
export type SetupFacts = {
  payments: {
    provider: 'stripe' | 'test' | null;
    /** STRIPE_SECRET_KEY is a test key (sk_test_, rk_test_): no real money moves. */
    stripeTestKey: boolean;
    webhookSecret: boolean;
  };
  mail: { smtp: boolean; ownerEmail: string | null };
  /** PHOTOGRAPHER_NAME; null when unset. */
  photographerName: string | null;
  tax: { saved: false } | { saved: true; provider: 'manual' | 'stripe'; states: string[] };
  /** The active shipping notice's first line; null when none is shown. */
  notice: { line1: string } | null;
  /** Any lab on, any of those in test mode; demo: LAB_DEMO, the labs are the built-in doubles. */
  lab: { enabled: boolean; sandbox: boolean; demo: boolean };
  /** Accounts that still have the one-time password of the first start. */
  oneTimePassword: string[];
  backup: { file: string; createdAt: Date } | null;
  /** BACKUP_DIR as configured (said in the message when no backup is there). */
  backupDir: string;
};

/** A backup younger than this is recent. */
export const RECENT_BACKUP_DAYS = 7;
const DAY_MS = 24 * 3600 * 1000;

/** '3 hours ago', 'yesterday', '12 days ago'. */
export function ago(then: Date, now: Date): string {
  const ms = Math.max(0, now.getTime() - then.getTime());
  const hours = Math.floor(ms / 3_600_000);
  if (hours < 1) return 'less than an hour ago';
  if (hours < 24) return hours === 1 ? '1 hour ago' : `${hours} hours ago`;
  const days = Math.floor(ms / DAY_MS);
  return days === 1 ? 'yesterday' : `${days} days ago`;
}

/** 'DC', 'DC and MD', 'DC, MD and VA'; past six, how many ('9 states'). */
function andList(names: string[], many: string): string {
  if (names.length > 6) return `${names.length} ${many}`;
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

const quote = (text: string, max = 60) =>
  `"${text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text}"`;

type Fixed = Pick<SetupItem, 'title'> & Partial<Pick<SetupItem, 'link' | 'readme'>>;
/** Each item's title and where to act on it: an admin page, or the README's section. */
const FIXED = {
  payments: { title: 'Payments', readme: 'Payments' },
  email: { title: 'E-mail', readme: 'E-mail' },
  'photographer-name': { title: 'Your name', readme: 'Going live' },
  tax: { title: 'Sales tax', link: { href: '/admin/orders/tax', label: 'Sales tax' } },
  'shipping-notice': {
    title: 'Shipping notice',
    link: { href: '/admin/shipping-notice', label: 'Shipping Notice' },
  },
  'print-lab': { title: 'Print lab', link: { href: '/admin/orders/print-lab', label: 'Print lab' } },
  'admin-password': { title: 'Admin password', link: { href: '/admin/password', label: 'Change password' } },
  backup: { title: 'Backup', readme: 'Backups' },
} satisfies Record<SetupItem['key'], Fixed>;

/** An item's outcome: its fixed parts with the state and detail it has now. */
const itemOf =
  (key: SetupItem['key']) =>
  (state: SetupItem['state'], detail: string): SetupItem => ({
    key,
    link: null,
    readme: null,
    ...FIXED[key],
    state,
    detail,
  });

function payments({ payments: p }: SetupFacts): SetupItem {
  const outcome = itemOf('payments');
  if (p.provider === 'stripe') {
    if (p.stripeTestKey)
      return outcome(
        'attention',
        'Stripe is in test mode (a test key): no real money is taken. Set your live keys to sell.',
      );
    if (!p.webhookSecret)
      return outcome(
        'attention',
        'STRIPE_WEBHOOK_SECRET is not set: paid orders show up to 10 minutes late, and refunds made in Stripe are not seen.',
      );
    return outcome('done', 'Stripe takes card payments.');
  }
  if (p.provider === 'test')
    return outcome(
      'attention',
      'Test mode: checkout takes only the test card, so nobody can really pay. Set your Stripe keys to sell.',
    );
  return outcome('attention', 'No payment provider: buyers can not pay. Set your Stripe keys to sell.');
}

function email({ mail }: SetupFacts): SetupItem {
  const outcome = itemOf('email');
  if (!mail.smtp)
    return outcome(
      'attention',
      `Not sent: e-mails are saved as files on the server. Set SMTP_URL${mail.ownerEmail ? '' : ' and OWNER_EMAIL'}.`,
    );
  if (!mail.ownerEmail)
    return outcome(
      'attention',
      'Buyers get their e-mails, but you get none of new orders or messages. Set OWNER_EMAIL.',
    );
  return outcome('done', `E-mail is sent; new orders and messages go to ${mail.ownerEmail}.`);
}

function photographerName({ photographerName: name }: SetupFacts): SetupItem {
  const outcome = itemOf('photographer-name');
  if (!name)
    return outcome(
      'attention',
      "Not set: the footer shows the shop's name instead, and certificates carry no name unless you enter one under 'Name on certificates'. Set PHOTOGRAPHER_NAME.",
    );
  return outcome('done', `${quote(name)}: in the footer, the photos' share tags and on certificates.`);
}

function tax({ tax: t }: SetupFacts): SetupItem {
  const outcome = itemOf('tax');
  if (!t.saved)
    return outcome('attention', 'Not saved yet: list the states where you collect sales tax, then save.');
  if (t.provider === 'stripe') return outcome('done', 'Stripe Tax calculates it at checkout.');
  return outcome(
    'done',
    t.states.length ? `Collected in ${andList(t.states, 'states')}.` : 'Saved: no sales tax is collected.',
  );
}

function shippingNotice({ notice }: SetupFacts): SetupItem {
  const outcome = itemOf('shipping-notice');
  return notice
    ? outcome('done', `Shown to buyers: ${quote(notice.line1)}`)
    : outcome('optional', 'None shown. Use it for holiday delays or longer processing times.');
}

function printLab({ lab }: SetupFacts): SetupItem {
  const outcome = itemOf('print-lab');
  if (lab.demo)
    return outcome(
      'attention',
      'Demo labs (LAB_DEMO): Lumaprints and Prodigi are built-in stand-ins, nothing is printed or shipped. Unset LAB_DEMO and connect a real lab to have prints made.',
    );
  if (lab.enabled && lab.sandbox)
    return outcome('attention', 'A print lab is on in test mode (sandbox): orders sent there are not made.');
  if (lab.enabled) return outcome('done', 'Your print lab makes and ships the prints you set up for it.');
  return outcome(
    'optional',
    'You ship prints yourself. Connect Lumaprints or Prodigi to have them made and shipped.',
  );
}

function adminPassword({ oneTimePassword }: SetupFacts): SetupItem {
  const outcome = itemOf('admin-password');
  if (oneTimePassword.length)
    return outcome(
      'attention',
      `${oneTimePassword.length === 1 ? 'The account' : 'The accounts'} ${andList(oneTimePassword, 'accounts')} still ${
        oneTimePassword.length === 1 ? 'has' : 'have'
      } the one-time password from the first start.`,
    );
  return outcome('done', 'Chosen by you: no account has the one-time password from the first start.');
}

function backup({ backup: b, backupDir }: SetupFacts, now: Date): SetupItem {
  const outcome = itemOf('backup');
  const advice = 'Run npm run backup, and keep a copy off the server.';
  if (!b) return outcome('attention', `No backup in ${backupDir}/ yet. ${advice}`);
  const when = ago(b.createdAt, now);
  const name = b.file.split(/[\\/]/).at(-1);
  return now.getTime() - b.createdAt.getTime() < RECENT_BACKUP_DAYS * DAY_MS
    ? outcome('done', `Last backup ${when}: ${name}.`)
    : outcome('attention', `Last backup ${when}. ${advice}`);
}

/** The checklist, in the order a new shop meets them. */
export function setupChecklist(facts: SetupFacts, now: Date): SetupChecklist {
  const items = [
    payments(facts),
    email(facts),
    photographerName(facts),
    tax(facts),
    shippingNotice(facts),
    printLab(facts),
    adminPassword(facts),
    backup(facts, now),
  ];
  return {
    items,
    ready: items.filter((i) => i.state !== 'attention').length,
    paymentsProvider: facts.payments.provider,
  };
}
