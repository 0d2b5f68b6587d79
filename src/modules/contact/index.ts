import type { AppContext } from '../../platform/context';
import type { HttpModule } from '../../platform/module';
import { enqueueEmail } from '../../platform/outbox';
import { createContactRepository } from './contact.repository';
import { createContactRoutes } from './contact.routes';
import { createContactService } from './contact.service';

export type { ContactService } from './contact.service';

/** Contact messages: stored, then e-mailed to OWNER_EMAIL through the outbox. */
export function createContactModule(ctx: AppContext) {
  const service = createContactService({
    repo: createContactRepository(ctx.db),
    config: ctx.config,
    logger: ctx.logger,
    enqueueEmail: (emailId) => enqueueEmail(ctx.queues, emailId),
  });
  const module = {
    service,
    publicRoutes: () => createContactRoutes(ctx, service),
  };
  return module satisfies HttpModule;
}
export type ContactModule = ReturnType<typeof createContactModule>;
