import express, { type RequestHandler } from 'express';
import type { AppContext } from '../../platform/context';
import { createRouter } from '../../platform/http/async-route';
import { AppError } from '../../platform/http/app-error';
import { bindEndpoints, type EndpointSpec } from '../../platform/http/endpoint';
import { NUL_MESSAGE } from '../../platform/http/input-rules';
import { createRateLimit } from '../../platform/http/rate-limit';
import { sameOrigin } from '../../platform/http/same-origin';
import { fieldErrors } from '../../platform/http/validate';
import type { ContactService } from './contact.service';
import {
  contactResultSchema,
  contactSchema,
  type ContactFormResult,
  type ContactInput,
  contactMessages as messages,
  inboxMessageSchema,
  inboxPageSchema,
  mailStatusSchema,
  messageListQuerySchema,
  messageReadSchema,
  unreadCountSchema,
} from '../../contract';

const TEN_MINUTES = 10 * 60 * 1000;

/**
 * Per IP, counted before validation so junk is throttled too. One limiter for the JSON endpoint and
 * the form post: a message counts the same whichever way it comes.
 */
export function createContactLimit(ctx: AppContext): RequestHandler {
  return createRateLimit(ctx, 'contact', { windowMs: TEN_MINUTES, limit: 5, message: messages.tooMany });
}

const admin = { auth: 'admin', session: true, cache: 'no-store' } as const;

export const contactEndpoints = {
  // the form shows the server's message as it is, so it is the first field's own text
  sendMessage: {
    method: 'POST',
    path: '/api/contact',
    auth: 'public',
    session: false,
    cache: 'no-store',
    body: contactSchema,
    invalid: { plain: 'Invalid message.' },
    answer: contactResultSchema,
    contract: 'POST /api/contact',
  },
  inbox: {
    ...admin,
    method: 'GET',
    path: '/api/admin/messages',
    query: messageListQuerySchema,
    invalid: 'query',
    answer: inboxPageSchema,
    contract: 'GET /api/admin/messages[?limit=&before=]',
  },
  unreadCount: {
    ...admin,
    method: 'GET',
    path: '/api/admin/messages/unread-count',
    answer: unreadCountSchema,
    contract: 'GET /api/admin/messages/unread-count',
  },
  markRead: {
    ...admin,
    method: 'PATCH',
    path: '/api/admin/messages/:id',
    params: { id: 'message id' },
    body: messageReadSchema,
    answer: inboxMessageSchema,
    contract: 'PATCH /api/admin/messages/{id}',
  },
  mailStatus: {
    ...admin,
    method: 'GET',
    path: '/api/admin/mail-status',
    answer: mailStatusSchema,
    contract: 'GET /api/admin/mail-status',
  },
} satisfies Record<string, EndpointSpec>;

/**
 * A visitor's message (JSON), and the owner's inbox (messages are stored even when no e-mail goes
 * out) and e-mail set-up.
 */
export function createContactRoutes(service: ContactService, limit: RequestHandler) {
  return bindEndpoints(contactEndpoints, {
    sendMessage: {
      before: [limit],
      handle: async (req, res, { body }) => {
        const { id } = await service.submit(body, req.ip ?? null);
        req.log.info({ contactMessageId: id }, 'contact message stored');
        res.status(201).json({ message: messages.sent });
      },
    },
    inbox: async (_req, res, { query }) => {
      res.json(await service.inbox(query));
    },
    unreadCount: async (_req, res) => {
      res.json(await service.unreadCount());
    },
    markRead: async (_req, res, { params, body }) => {
      res.json(await service.setRead(params.id, body.read));
    },
    mailStatus: (_req, res) => {
      res.json(service.mailStatus());
    },
  });
}

const FIELDS = ['name', 'email', 'message'] as const;

/**
 * The contact page's form without JavaScript: the browser posts it (urlencoded) to the page's own
 * address. The same rules as POST /api/contact (same-origin check, rate limit, schema), then the
 * page is rendered by the web app (serveWebApp) with the result in `res.locals.pageQueries`:
 * 'Message Sent!', or the visitor's values with the errors (400, or the limit's 429).
 */
export function createContactFormRoutes(ctx: AppContext, service: ContactService, limit: RequestHandler) {
  const router = createRouter();
  const answer = (res: express.Response, status: number, result: ContactFormResult) => {
    res.status(status);
    res.set('Cache-Control', 'no-store');
    res.locals.pageQueries = [{ endpointName: 'contactForm', value: result }];
  };

  router.post(
    '/contact',
    sameOrigin(ctx.config.publicUrl),
    express.urlencoded({ extended: false, limit: '100kb', parameterLimit: 20 }),
    // a refusal by the limit is shown on the page, with what was typed
    (req, res, next) =>
      limit(req, res, (err?: unknown) => {
        if (!(err instanceof AppError)) return next(err);
        answer(res, err.status, {
          sent: false,
          values: formValues(req.body),
          errors: {},
          message: err.message,
        });
        next('route');
      }),
    async (req, res, next) => {
      const values = formValues(req.body);
      const nul = FIELDS.find((field) => values[field].includes('\u0000'));
      if (nul) {
        answer(res, 400, { sent: false, values, errors: { [nul]: NUL_MESSAGE } });
        return next();
      }
      const parsed = contactSchema.safeParse(values);
      if (!parsed.success) {
        answer(res, 400, { sent: false, values, errors: fieldErrors(parsed.error) });
        return next();
      }
      const { id } = await service.submit(parsed.data, req.ip ?? null);
      req.log.info({ contactMessageId: id }, 'contact message stored (form post)');
      answer(res, 200, { sent: true });
      next();
    },
  );

  return router;
}

/** The three fields as typed (a missing or repeated field reads as empty). */
function formValues(body: unknown): Record<keyof ContactInput, string> {
  const form = (body ?? {}) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return { name: text(form.name), email: text(form.email), message: text(form.message) };
}
