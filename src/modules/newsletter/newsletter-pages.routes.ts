import express, { type RequestHandler } from 'express';
import type { AppContext } from '../../platform/context';
import { createRouter } from '../../platform/http/async-route';
import { sendMessagePage } from '../../platform/http/message-page';
import { AppError } from '../../platform/http/app-error';
import { sameOrigin } from '../../platform/http/same-origin';
import { newsletterMessages as messages, newsletterSubscribeSchema } from '../../contract';
import {
  CONFIRM_PATH,
  SAMPLE_UNSUBSCRIBE_PATH,
  UNSUBSCRIBE_PATH,
  type SubscriptionsService,
} from './subscriptions.service';

/** The footer's form without JavaScript posts here (its island posts to the API). */
export const SUBSCRIBE_FORM_PATH = '/newsletter/subscribe';

/**
 * The newsletter's server-rendered pages: the footer's form posted without JavaScript, the
 * confirmation link (a page with a button: a link scanner's GET confirms nothing) and the
 * unsubscribe link. `POST /unsubscribe/{token}` is a mail client's one-click unsubscribe (RFC 8058:
 * body `List-Unsubscribe=One-Click`, no cookies, no session, sent from the mail provider's servers,
 * so no Origin of ours): it is deliberately not behind the same-origin check, which is safe because
 * the token (an HMAC only its subscriber's e-mails carry) is the authority, and all it can do is
 * take that one address off the list.
 */
export function createNewsletterPageRoutes(
  ctx: AppContext,
  service: SubscriptionsService,
  limit: RequestHandler,
) {
  const router = createRouter();
  const siteName = ctx.config.SITE_NAME;
  const form = express.urlencoded({ extended: false, limit: '10kb', parameterLimit: 10 });

  router.post(
    SUBSCRIBE_FORM_PATH,
    sameOrigin(ctx.config.publicUrl),
    form,
    (req, res, next) =>
      limit(req, res, (err?: unknown) => {
        if (!(err instanceof AppError)) return next(err);
        sendMessagePage(res, err.status, {
          siteName,
          title: 'Please try again later',
          message: err.message,
        });
      }),
    async (req, res) => {
      const parsed = newsletterSubscribeSchema.safeParse({ ...(req.body ?? {}), source: 'footer' });
      if (!parsed.success)
        return sendMessagePage(res, 400, {
          siteName,
          title: 'Check the address',
          message: messages.email,
        });
      await service.subscribe(parsed.data);
      sendMessagePage(res, 200, { siteName, title: 'Almost there', message: messages.subscribed });
    },
  );

  const confirmPath = `${CONFIRM_PATH}/:token`;
  router.get(confirmPath, (req, res) =>
    sendMessagePage(res, 200, {
      siteName,
      title: 'Confirm your subscription',
      message: `Get an e-mail from ${siteName} when there is new work. You can unsubscribe at any time.`,
      button: {
        action: `${CONFIRM_PATH}/${encodeURIComponent(String(req.params.token))}`,
        label: 'Confirm my subscription',
      },
    }),
  );
  router.post(confirmPath, sameOrigin(ctx.config.publicUrl), async (req, res) => {
    const result = await service.confirm(String(req.params.token));
    if (result === 'confirmed')
      return sendMessagePage(res, 200, {
        siteName,
        title: 'You are subscribed',
        message: `Thank you! You will get an e-mail from ${siteName} when there is new work.`,
      });
    sendMessagePage(res, 404, {
      siteName,
      title: 'This link does not work',
      message: 'This confirmation link is not valid or has expired. Please sign up again.',
    });
  });

  // the preview's and a test's link, opened or one-clicked by her mail client: she learns it
  // worked as a sample would, and that no address came off the list
  const sample = (_req: express.Request, res: express.Response) =>
    sendMessagePage(res, 200, {
      siteName,
      title: 'This is a sample link',
      message: `This unsubscribe link is from a preview or test of your newsletter, so nothing changed. In the e-mails your subscribers get, this link is their own and takes them off ${siteName}'s list.`,
    });
  router.get(SAMPLE_UNSUBSCRIBE_PATH, sample);
  router.post(SAMPLE_UNSUBSCRIBE_PATH, sample);

  const unsubscribePath = `${UNSUBSCRIBE_PATH}/:token`;
  const notALink = (res: express.Response) =>
    sendMessagePage(res, 404, {
      siteName,
      title: 'This link does not work',
      message: 'This unsubscribe link is not valid. Use the link in the e-mail you received.',
    });
  router.get(unsubscribePath, (req, res) => {
    const token = String(req.params.token);
    if (!service.isUnsubscribeToken(token)) return notALink(res);
    sendMessagePage(res, 200, {
      siteName,
      title: 'Unsubscribe',
      message: `Stop all e-mails from ${siteName}'s newsletter to this address, for good?`,
      button: { action: `${UNSUBSCRIBE_PATH}/${token}`, label: 'Unsubscribe', oneClick: true },
    });
  });
  router.post(unsubscribePath, form, async (req, res) => {
    const token = String(req.params.token);
    if (!service.isUnsubscribeToken(token)) return notALink(res);
    await service.unsubscribe(token);
    sendMessagePage(res, 200, {
      siteName,
      title: 'You are unsubscribed',
      message: `This address will not get another e-mail from ${siteName}'s newsletter.`,
    });
  });
  return router;
}
