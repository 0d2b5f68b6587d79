import type { RequestHandler, Router } from 'express';
import type { AppContext } from './context';
import { createRouter } from './http/async-route';
import { staleEmailCount } from './outbox';

/** Where the owner sees the queues (BullMQ's own dashboard): behind the admin guard. */
export const QUEUE_BOARD_PATH = '/api/admin/queues';
/** An e-mail still unsent after this long is reported as stale. */
export const STALE_EMAIL_MINUTES = 10;

type RenderCallback = (err: Error | null, html: string) => void;

/** The page without <link> elements to other hosts (bull-board's Google Fonts stylesheet). */
export function withoutThirdPartyLinks(html: string): string {
  return html.replace(/<link\b[^>]*\bhref="(?:https?:)?\/\/[^"]*"[^>]*>\s*/gi, '');
}

/**
 * Mounted at /api/admin behind requireAdmin (and the same-origin check on /api): the queue
 * dashboard (counts per state, each failed job with its error, retry) and a JSON health view.
 */
export function createOpsAdminRoutes(ctx: AppContext): Router {
  const router = createRouter();

  // bull-board (~20 MB with its UI and Express adapter) loads when the owner first opens it
  let board: Promise<RequestHandler> | undefined;
  const loadBoard = async (): Promise<RequestHandler> => {
    const [{ createBullBoard }, { BullMQAdapter }, { ExpressAdapter }] = await Promise.all([
      import('@bull-board/api'),
      import('@bull-board/api/bullMQAdapter'),
      import('@bull-board/express'),
    ]);
    const adapter = new ExpressAdapter();
    adapter.setBasePath(QUEUE_BOARD_PATH);
    createBullBoard({
      queues: ctx.queues.names.map((name) => new BullMQAdapter(ctx.queues.get(name))),
      serverAdapter: adapter,
      options: {
        uiConfig: {
          boardTitle: `${ctx.config.SITE_NAME} jobs`,
          // its Docs icon links to an outside site; the admin around the board is the way back
          hideDocsLink: true,
          favIcon: { default: '/favicon.svg', alternative: '/favicon.svg' },
        },
      },
    });
    return adapter.getRouter() as RequestHandler;
  };
  router.use('/queues', (_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    // The board's page links Google Fonts: strip that <link> as it renders, so the owner's browser
    // asks no third party for anything (its CSS falls back to the system sans-serif).
    const render = res.render.bind(res) as (view: string, options: object, cb: RenderCallback) => void;
    res.render = ((view: string, options?: object) =>
      render(view, options ?? {}, (err, html) => {
        if (err) next(err);
        else res.send(withoutThirdPartyLinks(html));
      })) as typeof res.render;
    next();
  });
  router.use('/queues', (req, res, next) => {
    (board ??= loadBoard()).then((handle) => handle(req, res, next), next);
  });

  // Waiting, active, failed and delayed counts per queue, the latest failures with their error,
  // and e-mails waiting in the outbox longer than they should.
  router.get('/health', async (_req, res) => {
    const queues: Record<string, unknown> = {};
    for (const name of ctx.queues.names) {
      const q = ctx.queues.get(name);
      const counts = await q.getJobCounts('waiting', 'active', 'failed', 'delayed', 'completed');
      const failed = (await q.getFailed(0, 19)).map((job) => ({
        id: job.id,
        name: job.name,
        error: job.failedReason,
        attempts: job.attemptsMade,
        failedAt: job.finishedOn ? new Date(job.finishedOn).toISOString() : null,
      }));
      queues[name] = { ...counts, failedJobs: failed };
    }
    const stale = await staleEmailCount(ctx.db, STALE_EMAIL_MINUTES);
    res.set('Cache-Control', 'no-store');
    res.json({ outbox: { stale, staleAfterMinutes: STALE_EMAIL_MINUTES }, queues, board: QUEUE_BOARD_PATH });
  });

  return router;
}
