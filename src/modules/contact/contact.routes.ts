import type { AppContext } from '../../platform/context';
import { createRouter } from '../../platform/http/async-route';
import { badRequest } from '../../platform/http/app-error';
import { createRateLimit } from '../../platform/http/rate-limit';
import { noStore } from '../../platform/http/guards';
import { fieldErrors, parse, parseId } from '../../platform/http/validate';
import type { ContactService } from './contact.service';
import {
  contactSchema,
  contactMessages as messages,
  messageListQuerySchema,
  messageReadSchema,
} from '../../contract';

const TEN_MINUTES = 10 * 60 * 1000;

export function createContactRoutes(ctx: AppContext, service: ContactService) {
  const router = createRouter();
  // Per IP, counted before validation so junk is throttled too.
  const limit = createRateLimit(ctx, 'contact', {
    windowMs: TEN_MINUTES,
    limit: 5,
    message: messages.tooMany,
  });

  router.post('/contact', limit, async (req, res) => {
    const parsed = contactSchema.safeParse(req.body ?? {});
    if (!parsed.success) {
      // the form shows the server's message as it is, so it is the first field's own text
      const errors = fieldErrors(parsed.error);
      throw badRequest(Object.values(errors)[0] ?? 'Invalid message.', errors);
    }
    const { id } = await service.submit(parsed.data, req.ip ?? null);
    req.log.info({ contactMessageId: id }, 'contact message stored');
    res.status(201).json({ message: messages.sent });
  });

  return router;
}

/** Mounted at /api/admin behind the admin guard: the owner's inbox and the e-mail set-up. */
export function createContactAdminRoutes(service: ContactService) {
  const router = createRouter();

  router.get('/messages', noStore, async (req, res) => {
    res.json(await service.inbox(parse(messageListQuerySchema, req.query, 'query')));
  });
  router.get('/messages/unread-count', noStore, async (_req, res) => {
    res.json(await service.unreadCount());
  });
  router.patch('/messages/:id', noStore, async (req, res) => {
    const id = parseId(req.params.id, 'message id');
    const { read } = parse(messageReadSchema, req.body);
    res.json(await service.setRead(id, read));
  });
  router.get('/mail-status', noStore, (_req, res) => {
    res.json(service.mailStatus());
  });

  return router;
}
