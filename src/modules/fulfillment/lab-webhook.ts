import { timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../platform/context';
import type { FulfillmentRepository, LabOrderKey, LabSettingsRow } from './fulfillment.repository';
import type { LabRegistry } from './lab-providers';

const sameSecret = (s: LabSettingsRow, secret: string) => {
  const want = Buffer.from(s.webhookSecret ?? '');
  const got = Buffer.from(secret);
  return want.length > 0 && want.length === got.length && timingSafeEqual(want, got);
};

/**
 * The labs' shipping webhook: its URL names the lab (`/api/webhooks/lab/{provider}/{secret}`;
 * the address without it, registered before, still works for any lab's secret) and holds our
 * long secret; its body is only a prompt (not signed), so the order is re-read from the lab's API
 * (the sync job) before anything changes.
 */
export function createLabWebhook(
  ctx: AppContext,
  deps: { repo: FulfillmentRepository; labs: LabRegistry; enqueueSync(key: LabOrderKey): Promise<unknown> },
) {
  const { repo } = deps;
  /** false (a 404) for a secret that is not the lab's, or a lab we do not know. */
  return async function webhook(secret: string, body: unknown, provider?: string): Promise<boolean> {
    const named = deps.labs.find(provider);
    if (provider !== undefined && !named) return false;
    const rows = named ? [await repo.settings(named.id)].filter((r) => r !== null) : await repo.allSettings();
    const lab = rows.find((s) => sameSecret(s, secret));
    const definition = deps.labs.find(lab?.provider);
    if (!lab || !definition) return false;
    const orderNumber = definition.orderNumberOfCallback(body);
    // the lab checks the address with an empty body when the webhook is registered
    if (!orderNumber) return true;
    // the lab whose secret it is: its order numbers are its own
    const row = await repo.byLabNumber(orderNumber, lab.provider);
    if (!row) {
      ctx.logger.warn({ labOrderNumber: orderNumber }, 'lab webhook for an order we did not send: ignored');
      return true;
    }
    await deps.enqueueSync(row);
    return true;
  };
}
