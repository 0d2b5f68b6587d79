import type { AppContext } from '../../platform/context';
import type { HttpModule } from '../../platform/module';
import type { DomainEventBus } from '../../domain-events';
import { enqueueEmail } from '../../platform/outbox';
import { createContactRepository } from './contact.repository';
import { createContactFormRoutes, createContactLimit, createContactRoutes } from './contact.routes';
import { createContactService } from './contact.service';

export type { ContactService } from './contact.service';
export { contactEndpoints } from './contact.routes';

/** Contact messages: stored (read in the admin inbox), then e-mailed to OWNER_EMAIL through the outbox. */
export function createContactModule(ctx: AppContext, deps: { events: DomainEventBus }) {
  const service = createContactService({
    repo: createContactRepository(ctx.db),
    config: ctx.config,
    logger: ctx.logger,
    messageReceived: (tx, messageId) => deps.events.publish(tx, 'contact.received', { messageId }),
    enqueueEmail: (emailId) => enqueueEmail(ctx.queues, emailId),
  });
  // The owner is mailed in the same transaction, so the e-mail exists once the message does.
  deps.events.subscribe(
    'contact.received',
    'contact.owner-email',
    ({ messageId }, { trx, afterCommit }) => service.mailOwner(messageId, trx, afterCommit),
    { inTransaction: true },
  );
  // Made when the routes are (the app is built once Redis is connected: the limiter's store loads
  // its script at once), then shared by both ways a message comes.
  let shared: ReturnType<typeof createContactLimit> | undefined;
  const limit = () => (shared ??= createContactLimit(ctx));
  const module = {
    service,
    /** POST /api/contact; the owner's inbox (every message, e-mailed or not) and mail status. */
    endpoints: () => createContactRoutes(service, limit()),
    /** POST /contact: the contact page's form without JavaScript. */
    rootRoutes: () => createContactFormRoutes(ctx, service, limit()),
  };
  return module satisfies HttpModule;
}
export type ContactModule = ReturnType<typeof createContactModule>;
