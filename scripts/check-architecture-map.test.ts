import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  checkMap,
  codeSpans,
  jobIdsIn,
  MAP_FILE,
  namesFromCode,
  subscribersIn,
  tableRowHeads,
  type CodeNames,
} from './check-architecture-map';

const map = `# Architecture

## Modules (\`src/modules/*\`)

| Module | Owns / writes | Publishes | Subscribes to (subscriber name) |
|---|---|---|---|
| \`cart\` | \`carts\` | | \`order.paid\` (\`cart.clear-paid-cart\`) |
| \`orders\` (with \`orders/payments/\`) | \`orders\` | \`order.paid\` | |

\`\`\`mermaid
sequenceDiagram
    Worker->>Media: media.photo-variants
\`\`\`

## Jobs

| Queue / job | Payload |
|---|---|
| \`mail/send-email\` | \`{ emailId }\` |
| \`payments/reconcile-payment\` | \`{ eventId }\` |

### A new job

One entry in \`src/jobs.ts\`.
`;

const names: CodeNames = {
  modules: ['cart', 'orders'],
  jobs: ['mail/send-email', 'payments/reconcile-payment'],
  events: ['order.paid'],
  subscribers: ['cart.clear-paid-cart'],
};

describe('checkMap', () => {
  it('finds nothing missing or stale when the map names everything the code has', () => {
    expect(checkMap(names, map)).toEqual({ missing: [], stale: [] });
  });

  it('reports a module folder without a row in the Modules table', () => {
    const { missing } = checkMap({ ...names, modules: [...names.modules, 'fulfillment'] }, map);
    expect(missing).toEqual([
      'module fulfillment (src/modules/fulfillment/): no row `fulfillment` in the Modules table',
    ]);
  });

  it('reports a job named elsewhere in the map but without a row in the Jobs table', () => {
    // named in the Modules section, as the fulfillment jobs once were, is not enough
    const text = map.replace('| `orders` |', '| `orders` (handles `fulfillment/send-lab-order`) |');
    const { missing } = checkMap({ ...names, jobs: [...names.jobs, 'fulfillment/send-lab-order'] }, text);
    expect(missing).toEqual([
      'job fulfillment/send-lab-order (src/jobs.ts): no row `fulfillment/send-lab-order` in the Jobs table',
    ]);
  });

  it('reports an event and a subscriber the map does not name as code', () => {
    const { missing } = checkMap(
      {
        ...names,
        events: [...names.events, 'photo.uploaded'],
        subscribers: [...names.subscribers, 'media.photo-variants'],
      },
      map,
    );
    // the subscriber appears in the diagram, but a diagram's text is not the map's
    expect(missing).toEqual([
      'event photo.uploaded (src/domain-events.ts): not named as `photo.uploaded`',
      'event subscriber media.photo-variants: not named as `media.photo-variants`',
    ]);
  });

  it('does not take a word of the prose for a name: only code spans count', () => {
    const text = map.replace('(`cart.clear-paid-cart`)', '(cart.clear-paid-cart)');
    expect(checkMap(names, text).missing).toEqual([
      'event subscriber cart.clear-paid-cart: not named as `cart.clear-paid-cart`',
    ]);
  });

  it('reports rows naming a module or a job the code no longer has', () => {
    const { missing, stale } = checkMap({ ...names, modules: ['cart'], jobs: ['mail/send-email'] }, map);
    expect(missing).toEqual([]);
    expect(stale).toEqual([
      'Modules table row `orders`: no folder src/modules/orders/',
      'Jobs table row `payments/reconcile-payment`: no such job in src/jobs.ts',
    ]);
  });

  it('reports a map without its Jobs section instead of passing', () => {
    const text = map.slice(0, map.indexOf('## Jobs'));
    expect(checkMap(names, text).missing).toEqual(['the section "Jobs" with its table (one row per job)']);
  });
});

describe('the Jobs rows: payloads and job ids', () => {
  const withJobs: CodeNames = {
    ...names,
    payloads: { 'mail/send-email': '{ emailId }', 'payments/reconcile-payment': '{ eventId }' },
    jobIds: { 'mail/send-email': ['email-<id>'] },
  };
  const text = map.replace('| `{ emailId }` |', '| `{ emailId }` | `email-<emailId>` |');

  it('passes a row whose payload is the schema and which names its job id (placeholder names aside)', () => {
    expect(checkMap(withJobs, text)).toEqual({ missing: [], stale: [] });
  });

  it('reports a payload that is not the schema, and a job id the row does not name', () => {
    const code = {
      ...withJobs,
      payloads: { ...withJobs.payloads, 'payments/reconcile-payment': '{ eventId, provider? }' },
      jobIds: { ...withJobs.jobIds, 'payments/reconcile-payment': ['<eventId>'] },
    };
    expect(checkMap(code, text).missing).toEqual([
      'job payments/reconcile-payment: its Payload cell must be `{ eventId, provider? }` (src/jobs.ts)',
      'job payments/reconcile-payment: its row must name the job id `<eventId>`',
    ]);
  });

  it("reads each enqueue call's job id, in either of its two places", () => {
    const source = `
      queues.enqueue('mail', 'send-email', { emailId: id }, { jobId: \`email-\${id}\` });
      ctx.queues.enqueueOnce('fulfillment', 'send-lab-order', data, \`lab-send-\${o.orderId}-\${provider}\`, 0);
      queues.enqueueOrRetry('payments', 'reconcile-payment', { eventId }, eventId);
      queues.enqueue('media', 'make-variants', { assetId });
    `;
    expect(jobIdsIn('x.ts', source)).toEqual({
      'mail/send-email': ['email-<id>'],
      'fulfillment/send-lab-order': ['lab-send-<orderId>-<provider>'],
      'payments/reconcile-payment': ['<eventId>'],
    });
  });
});

describe('tableRowHeads and codeSpans', () => {
  it("reads each body row's first code span, within its section only", () => {
    expect(tableRowHeads(map, /^Modules\b/)).toEqual(['cart', 'orders']);
    expect(tableRowHeads(map, /^Jobs\b/)).toEqual(['mail/send-email', 'payments/reconcile-payment']);
    expect(tableRowHeads(map, /^Events\b/)).toBeNull();
  });

  it('ignores the text of fenced blocks', () => {
    expect(codeSpans(map).has('order.paid')).toBe(true);
    expect(codeSpans('```\n`order.paid`\n```\n').has('order.paid')).toBe(false);
  });
});

describe('subscribersIn', () => {
  it("reads each subscribe() call's subscriber name, and skips a one-argument subscribe", () => {
    const source = `
      deps.events.subscribe('order.paid', 'cart.clear-paid-cart', async () => {});
      events.subscribe('contact.received', 'contact.owner-email', handler, { inTransaction: true });
      redis.subscribe(channel);
    `;
    expect(subscribersIn('index.ts', source)).toEqual({
      names: ['cart.clear-paid-cart', 'contact.owner-email'],
      problems: [],
    });
  });

  it('refuses a subscriber whose name it cannot read', () => {
    const source = `\nconst name = 'cart.clear';\nevents.subscribe('order.paid', name, handler);\n`;
    expect(subscribersIn('src/modules/cart/index.ts', source)).toEqual({
      names: [],
      problems: [
        'src/modules/cart/index.ts:3: subscribe() with an event or subscriber name that is not a string',
      ],
    });
  });
});

describe(MAP_FILE, () => {
  it('names every module, job, event and subscriber of the code, and no module or job it lacks', () => {
    const { names: code, problems } = namesFromCode();
    expect(problems).toEqual([]);
    // the code's own names are read, not an empty list
    expect(code.modules).toContain('fulfillment');
    expect(code.jobs).toContain('fulfillment/sync-lab-order');
    expect(code.events).toContain('order.paid');
    expect(code.subscribers).toContain('fulfillment.hold-lab-order');
    expect(code.payloads?.['fulfillment/send-lab-order']).toBe('{ orderId, provider }');
    expect(code.jobIds?.['editions/make-certificate']).toEqual(['certificate-<numberId>']);
    expect(checkMap(code, readFileSync(MAP_FILE, 'utf8'))).toEqual({ missing: [], stale: [] });
  }, 30_000); // parses every source file
});
