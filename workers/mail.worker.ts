import { sendQueuedEmail } from '../src/platform/outbox';
import type { HandlerMap } from '../src/platform/queue';
import type { WorkerDeps } from './worker-deps';

export const mailHandlers = ({ ctx, mailer }: WorkerDeps): HandlerMap => ({
  queue: 'mail',
  handlers: {
    'send-email': (data) => sendQueuedEmail(ctx.db, mailer, Number(data.emailId)),
  },
});
