import { timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../platform/context';
import type { LabProviderId } from '../../contract';
import type { FulfillmentRepository, LabSettingsRow } from './fulfillment.repository';

const sameSecret = (s: LabSettingsRow, secret: string) => {
  const want = Buffer.from(s.webhookSecret ?? '');
  const got = Buffer.from(secret);
  return want.length > 0 && want.length === got.length && timingSafeEqual(want, got);
};

/**
 * The labs' shipping webhook: its URL names the lab (`/api/webhooks/lab/lumaprints/{secret}`;
 * the address without it, registered before, still works for any lab's secret) and holds our
 * long secret; its body is only a prompt (not signed), so the order is re-read from the lab's API
 * (the sync job) before anything changes.
 */
export function createLabWebhook(
  ctx: AppContext,
  deps: { repo: FulfillmentRepository; enqueueSync(orderId: number): Promise<unknown> },
) {
  const { repo } = deps;
  return async function webhook(secret: string, body: unknown, provider?: LabProviderId): Promise<boolean> {
    const rows = provider
      ? [await repo.settings(provider)].filter((r) => r !== null)
      : await repo.allSettings();
    if (!rows.some((s) => sameSecret(s, secret))) return false;
    const raw = (body as { orderNumber?: unknown } | null)?.orderNumber;
    const orderNumber = typeof raw === 'number' || typeof raw === 'string' ? String(raw).slice(0, 100) : null;
    // the lab checks the address with an empty body when the webhook is registered
    if (!orderNumber) return true;
    const row = await repo.byLabNumber(orderNumber);
    if (!row) {
      ctx.logger.warn({ labOrderNumber: orderNumber }, 'lab webhook for an order we did not send: ignored');
      return true;
    }
    await deps.enqueueSync(row.orderId);
    return true;
  };
}
