import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';

export type FakeIntent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: 'requires_payment_method' | 'processing' | 'succeeded' | 'canceled';
  client_secret: string;
  metadata: Record<string, string>;
  last_payment_error: { code: string; message: string; type: string } | null;
  cancellation_reason?: string | null;
  livemode: false;
  created: number;
};

export type FakeRefund = {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  charge: string;
  status: 'pending' | 'succeeded' | 'failed' | 'canceled';
  reason: string | null;
  metadata: Record<string, string>;
  created: number;
};

export const FAKE_STRIPE_ENV = {
  STRIPE_SECRET_KEY: 'sk_test_x',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_test',
};

const rand = (n = 12) => randomBytes(n).toString('hex');

// Stripe's form encoding: metadata[orderId]=7&automatic_payment_methods[enabled]=true
function parseForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const m = /^([^[]+)\[([^\]]+)\]$/.exec(key);
    if (m) out[m[1]] = { ...((out[m[1]] as Record<string, string>) ?? {}), [m[2]]: value };
    else out[key] = value;
  }
  return out;
}

/**
 * A small Stripe API double on a random local port: what our server calls (create, retrieve,
 * update the amount of and cancel PaymentIntents, honouring Idempotency-Key), plus helpers to move an intent's status and to build
 * and sign webhook events with the real SDK.
 */
export async function startFakeStripe() {
  const intents = new Map<string, FakeIntent>();
  const byIdempotencyKey = new Map<string, Promise<FakeIntent>>();
  const requests: { method: string; path: string; idempotencyKey?: string }[] = [];
  const refunds = new Map<string, FakeRefund>();
  const refundsByKey = new Map<string, FakeRefund>();

  function makeRefund(
    intentId: string,
    amount: number,
    metadata: Record<string, string>,
    reason: string | null,
  ) {
    const refund: FakeRefund = {
      id: `re_${rand()}`,
      object: 'refund',
      amount,
      currency: 'usd',
      payment_intent: intentId,
      charge: `ch_${intentId.slice(3)}`,
      status: 'succeeded',
      reason,
      metadata,
      created: Math.floor(Date.now() / 1000),
    };
    refunds.set(refund.id, refund);
    return refund;
  }
  const refunded = (intentId: string) =>
    [...refunds.values()]
      .filter((r) => r.payment_intent === intentId && r.status !== 'failed' && r.status !== 'canceled')
      .reduce((sum, r) => sum + r.amount, 0);
  let createDelayMs = 0;
  let refundDelayMs = 0;

  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${rand(6)}` });
    res.end(JSON.stringify(body));
  };
  const notFoundError = (id: string) => ({
    error: {
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: `No such payment_intent: '${id}'`,
      param: 'intent',
    },
  });

  function create(params: Record<string, unknown>): FakeIntent {
    const id = `pi_${rand()}`;
    const intent: FakeIntent = {
      id,
      object: 'payment_intent',
      amount: Number(params.amount),
      amount_received: 0,
      currency: String(params.currency ?? 'usd'),
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${rand()}`,
      metadata: (params.metadata as Record<string, string>) ?? {},
      last_payment_error: null,
      livemode: false,
      created: Math.floor(Date.now() / 1000),
    };
    intents.set(id, intent);
    return intent;
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      requests.push({ method: req.method ?? '', path: url.pathname, idempotencyKey });
      if (req.headers.authorization !== `Bearer ${FAKE_STRIPE_ENV.STRIPE_SECRET_KEY}`)
        return send(res, 401, {
          error: { type: 'invalid_request_error', message: 'Invalid API Key provided' },
        });

      if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
        const params = parseForm(Buffer.concat(chunks).toString('utf8'));
        const make = async () => {
          if (createDelayMs) await new Promise((r) => setTimeout(r, createDelayMs));
          return create(params);
        };
        // Same key, same intent (Stripe's idempotency); concurrent calls wait for the first.
        let pending = idempotencyKey ? byIdempotencyKey.get(idempotencyKey) : undefined;
        if (!pending) {
          pending = make();
          if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, pending);
        }
        return send(res, 200, await pending);
      }
      if (req.method === 'POST' && url.pathname === '/v1/refunds') {
        if (refundDelayMs) await new Promise((r) => setTimeout(r, refundDelayMs));
        const params = parseForm(Buffer.concat(chunks).toString('utf8'));
        const existing = idempotencyKey ? refundsByKey.get(idempotencyKey) : undefined;
        if (existing) return send(res, 200, existing);
        const intent = intents.get(String(params.payment_intent));
        if (!intent || intent.status !== 'succeeded')
          return send(res, 400, {
            error: { type: 'invalid_request_error', message: 'This PaymentIntent has not been charged.' },
          });
        const amount = params.amount ? Number(params.amount) : intent.amount - refunded(intent.id);
        if (amount > intent.amount - refunded(intent.id))
          return send(res, 400, {
            error: {
              type: 'invalid_request_error',
              code: 'charge_already_refunded',
              message: `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge.`,
            },
          });
        const refund = makeRefund(
          intent.id,
          amount,
          (params.metadata as Record<string, string>) ?? {},
          (params.reason as string) ?? null,
        );
        if (idempotencyKey) refundsByKey.set(idempotencyKey, refund);
        return send(res, 200, refund);
      }
      if (req.method === 'GET' && url.pathname === '/v1/refunds') {
        const intentId = url.searchParams.get('payment_intent');
        const data = [...refunds.values()]
          .filter((r) => !intentId || r.payment_intent === intentId)
          .reverse();
        return send(res, 200, { object: 'list', data, has_more: false, url: '/v1/refunds' });
      }
      const m = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && m) {
        const intent = intents.get(m[1]);
        return intent ? send(res, 200, intent) : send(res, 404, notFoundError(m[1]));
      }
      // Stripe: the amount may change until the intent is processing, succeeded or canceled
      if (req.method === 'POST' && m) {
        const intent = intents.get(m[1]);
        if (!intent) return send(res, 404, notFoundError(m[1]));
        const params = parseForm(Buffer.concat(chunks).toString('utf8'));
        if (intent.status !== 'requires_payment_method')
          return send(res, 400, {
            error: {
              type: 'invalid_request_error',
              code: 'payment_intent_unexpected_state',
              message: `This PaymentIntent's amount could not be updated because it has a status of ${intent.status}.`,
            },
          });
        if (params.amount !== undefined) intent.amount = Number(params.amount);
        return send(res, 200, intent);
      }
      // Stripe: cancelable unless it succeeded or already was canceled
      const cancel = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(url.pathname);
      if (req.method === 'POST' && cancel) {
        const intent = intents.get(cancel[1]);
        if (!intent) return send(res, 404, notFoundError(cancel[1]));
        const params = parseForm(Buffer.concat(chunks).toString('utf8'));
        if (intent.status === 'succeeded' || intent.status === 'canceled')
          return send(res, 400, {
            error: {
              type: 'invalid_request_error',
              code: 'payment_intent_unexpected_state',
              message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
            },
          });
        Object.assign(intent, {
          status: 'canceled',
          cancellation_reason: (params.cancellation_reason as string) ?? null,
        });
        return send(res, 200, intent);
      }
      send(res, 404, {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${url.pathname})` },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const sdk = new Stripe(FAKE_STRIPE_ENV.STRIPE_SECRET_KEY);

  const get = (id: string) => {
    const intent = intents.get(id);
    if (!intent) throw new Error(`fake stripe: no intent ${id}`);
    return intent;
  };

  return {
    url: `http://127.0.0.1:${port}`,
    /** The env createTestApp needs to use this double. */
    env: { ...FAKE_STRIPE_ENV, STRIPE_API_BASE: `http://127.0.0.1:${port}` },
    intents,
    requests,
    /** Slows intent creation down, so two concurrent calls really overlap. */
    setCreateDelay(ms: number) {
      createDelayMs = ms;
    },
    /** Slows refunds down, so a repeat of a refund arrives while the first is being made. */
    setRefundDelay(ms: number) {
      refundDelayMs = ms;
    },
    /** Creates an intent as if our server had (e.g. to deliver a webhook before its order commits). */
    createIntent(params: { amount: number; orderId: number; idempotencyKey?: string }): FakeIntent {
      const intent = create({
        amount: params.amount,
        currency: 'usd',
        metadata: { orderId: String(params.orderId) },
      });
      if (params.idempotencyKey) byIdempotencyKey.set(params.idempotencyKey, Promise.resolve(intent));
      return intent;
    },
    succeed(id: string): FakeIntent {
      const intent = get(id);
      Object.assign(intent, {
        status: 'succeeded',
        amount_received: intent.amount,
        last_payment_error: null,
      });
      return intent;
    },
    fail(id: string, message = 'Your card was declined.'): FakeIntent {
      const intent = get(id);
      Object.assign(intent, {
        status: 'requires_payment_method',
        last_payment_error: { code: 'card_declined', message, type: 'card_error' },
      });
      return intent;
    },
    cancel(id: string): FakeIntent {
      return Object.assign(get(id), { status: 'canceled' as const });
    },
    refunds,
    /** A refund made in the Stripe Dashboard (no metadata from the shop). */
    refundInDashboard(intentId: string, amount: number, reason: string | null = 'requested_by_customer') {
      return makeRefund(intentId, amount, {}, reason);
    },
    /** A charge.refunded event's Charge for the intent (what Stripe sends after any refund). */
    charge(intentId: string) {
      const intent = get(intentId);
      return {
        id: `ch_${intentId.slice(3)}`,
        object: 'charge',
        amount: intent.amount,
        amount_refunded: refunded(intentId),
        refunded: refunded(intentId) >= intent.amount,
        payment_intent: intentId,
        metadata: {},
      };
    },
    /** A Dispute object for the intent's charge. */
    dispute(intentId: string, over: { status?: string; reason?: string; id?: string } = {}) {
      const intent = get(intentId);
      return {
        id: over.id ?? `dp_${rand()}`,
        object: 'dispute',
        amount: intent.amount,
        charge: `ch_${intentId.slice(3)}`,
        payment_intent: intentId,
        currency: 'usd',
        reason: over.reason ?? 'product_not_received',
        status: over.status ?? 'needs_response',
        evidence_details: { due_by: Math.floor(Date.now() / 1000) + 7 * 86400, has_evidence: false },
        created: Math.floor(Date.now() / 1000),
      };
    },
    /** A webhook event carrying a snapshot of the object (as Stripe sends it). */
    event(type: string, intent: object, id = `evt_${rand()}`) {
      return {
        id,
        object: 'event',
        api_version: '2025-01-01',
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
        data: { object: structuredClone(intent) },
      };
    },
    /** Posts a signed webhook event to an app, as Stripe would; answers the response. */
    deliver(appUrl: string, event: object): Promise<Response> {
      const payload = JSON.stringify(event);
      return fetch(`${appUrl}/api/webhooks/stripe`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': this.sign(payload) },
        body: payload,
      });
    },
    /** The Stripe-Signature header for a payload, made by the real SDK. */
    sign(payload: string, secret = FAKE_STRIPE_ENV.STRIPE_WEBHOOK_SECRET): string {
      return sdk.webhooks.generateTestHeaderString({ payload, secret });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
