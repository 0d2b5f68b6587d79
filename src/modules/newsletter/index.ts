import type { AppContext } from '../../platform/context';
import type { HttpModule } from '../../platform/module';
import type { AppJobRegistry } from '../../jobs';
import { createCampaignsRepository } from './campaigns.repository';
import { createCampaignsService } from './campaigns.service';
import { createNewsletterAdminRoutes } from './newsletter-admin.routes';
import { createNewsletterPageRoutes } from './newsletter-pages.routes';
import { createNewsletterPublicRoutes, createSubscribeLimit } from './newsletter-public.routes';
import { createNewsletterTokens } from './newsletter-tokens';
import { createSubscribersRepository } from './subscribers.repository';
import { createSubscriptionsService } from './subscriptions.service';

export { newsletterAdminEndpoints } from './newsletter-admin.routes';
export { newsletterPublicEndpoints } from './newsletter-public.routes';

/**
 * The newsletter (issue 49): double opt-in sign-ups (the footer, the order page's box), the
 * suppression list, the owner's "new work" e-mails sent at her rate through the job queue, and the
 * pages a subscriber's links open. Owns newsletter_subscribers, newsletter_suppressions,
 * newsletter_campaigns, newsletter_deliveries.
 */
export function createNewsletterModule(ctx: AppContext, deps: { jobs: AppJobRegistry }) {
  const tokens = createNewsletterTokens(ctx.config.sessionSecret);
  const subscriptions = createSubscriptionsService(ctx, {
    repo: createSubscribersRepository(ctx.db),
    tokens,
  });
  const campaigns = createCampaignsService(ctx, {
    repo: createCampaignsRepository(ctx.db),
    linksFor: subscriptions.linksFor,
  });
  deps.jobs.handle('newsletter', 'send-campaign', ({ campaignId }, job) => campaigns.run(campaignId, job));
  // made with the routes (the limiter's store needs Redis connected), shared by the API and the form
  let shared: ReturnType<typeof createSubscribeLimit> | undefined;
  const limit = () => (shared ??= createSubscribeLimit(ctx));

  const module = {
    subscriptions,
    campaigns,
    /** The maintenance sweep (`newsletter` task): expired sign-ups deleted, lost sends queued again. */
    async sweep(): Promise<number> {
      const expired = await subscriptions.sweepPending();
      return expired + (await campaigns.sweep());
    },
    endpoints: () => [
      ...createNewsletterPublicRoutes(subscriptions, limit()),
      ...createNewsletterAdminRoutes(campaigns, subscriptions, ctx.config.OWNER_EMAIL ?? null),
    ],
    /** The footer's form without JavaScript, the confirmation and unsubscribe pages. */
    rootRoutes: () => createNewsletterPageRoutes(ctx, subscriptions, limit()),
  };
  return module satisfies HttpModule;
}
export type NewsletterModule = ReturnType<typeof createNewsletterModule>;
