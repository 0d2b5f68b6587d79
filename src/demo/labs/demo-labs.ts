import path from 'node:path';
import type { Express } from 'express';
import { DEMO_LAB_PATHS } from '../../config';
import type { AppContext } from '../../platform/context';
import type { Modules } from '../../modules';
import { FAKE_LUMAPRINTS_CREDENTIALS, FAKE_LUMAPRINTS_STORE, startFakeLumaprints } from './lumaprints-double';
import { FAKE_PRODIGI_API_KEY, startFakeProdigi } from './prodigi-double';

/**
 * LAB_DEMO: both labs' doubles run inside the API process, answering on the shop's own address
 * (DEMO_LAB_PATHS, where config.ts points the labs), so the workers reach them as they would the
 * real labs. Each lab is set up with its double's key when the owner has none, and each double
 * ships an order LAB_DEMO_SHIP_SECONDS after it takes it, calling our webhook (Lumaprints) or
 * callback (Prodigi) with a tracking number. Their orders are kept in DATA_DIR/demo-labs/ across
 * restarts. Nothing is printed, shipped or charged.
 */
export type DemoLabs = {
  lumaprints: Awaited<ReturnType<typeof startFakeLumaprints>>;
  prodigi: Awaited<ReturnType<typeof startFakeProdigi>>;
};

/** One pair of doubles per app context: the app mounts them, the start sets the labs up for them. */
const running = new WeakMap<AppContext, Promise<DemoLabs>>();

export function demoLabsFor(ctx: AppContext): Promise<DemoLabs> {
  let labs = running.get(ctx);
  if (!labs) {
    const autoShipAfterMs = ctx.config.LAB_DEMO_SHIP_SECONDS * 1000;
    // their orders outlive a restart: new orders get new numbers, older ones still ship
    const stateFile = (lab: string) => path.join(ctx.config.DATA_DIR, 'demo-labs', `${lab}.json`);
    labs = Promise.all([
      // no URL check on registration: the webhook is registered before the API listens
      startFakeLumaprints({
        listen: false,
        verifyWebhookUrls: false,
        autoShipAfterMs,
        stateFile: stateFile('lumaprints'),
      }),
      startFakeProdigi({ listen: false, autoShipAfterMs, stateFile: stateFile('prodigi') }),
    ]).then(([lumaprints, prodigi]) => ({ lumaprints, prodigi }));
    running.set(ctx, labs);
  }
  return labs;
}

/** Mounts the doubles' APIs on the app (before any body parser: they read their own bodies). */
export function mountDemoLabs(app: Express, ctx: AppContext) {
  for (const lab of ['lumaprints', 'prodigi'] as const)
    app.use(DEMO_LAB_PATHS[lab], (req, res, next) => {
      demoLabsFor(ctx)
        .then((labs) => labs[lab].handler(req, res))
        .catch(next);
    });
}

/**
 * At the API's start: the labs set up for the doubles (unless the owner set her own keys), and
 * the doubles told where to call us back. Loud in production: a shop taking real payments
 * would send its paid orders to a lab that prints nothing.
 */
export async function startDemoLabs(ctx: AppContext, modules: Modules) {
  if (ctx.config.NODE_ENV === 'production')
    ctx.logger.warn(
      'LAB_DEMO=true in production: the print labs are DEMO doubles inside this process. Paid orders go to them and are never printed or shipped; every lab screen says demo. Unset LAB_DEMO for a real shop.',
    );
  const labs = await demoLabsFor(ctx);
  const lumaprints = await modules.fulfillment.labDemo.setUp('lumaprints', FAKE_LUMAPRINTS_CREDENTIALS, {
    storeId: FAKE_LUMAPRINTS_STORE.storeId,
  });
  if (!labs.lumaprints.registeredWebhooks.some((w) => w.url === lumaprints.webhookUrl))
    labs.lumaprints.registeredWebhooks.push({
      id: labs.lumaprints.registeredWebhooks.length + 1,
      event: 'shipping',
      storeId: FAKE_LUMAPRINTS_STORE.storeId,
      url: lumaprints.webhookUrl,
      username: null,
      password: null,
    });
  // Prodigi takes a callback URL per order, or the account's (its dashboard setting): the latter
  // here, so the demo calls back whichever way the order was sent
  const prodigi = await modules.fulfillment.labDemo.setUp(
    'prodigi',
    { apiKey: FAKE_PRODIGI_API_KEY, apiSecret: null },
    {},
  );
  labs.prodigi.setAccountCallbackUrl(prodigi.webhookUrl);
  ctx.logger.info(
    { seeded: { lumaprints: lumaprints.seeded, prodigi: prodigi.seeded } },
    'demo labs: Lumaprints and Prodigi doubles running in-process (LAB_DEMO)',
  );
  return labs;
}
