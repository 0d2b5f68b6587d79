import type { HandlerMap } from '../src/platform/queue';
import type { WorkerDeps } from './worker-deps';

export const mediaHandlers = ({ modules }: WorkerDeps): HandlerMap => ({
  queue: 'media',
  handlers: {
    'make-variants': async (data) => {
      const assetId = Number(data.assetId);
      if (!Number.isSafeInteger(assetId) || assetId < 1)
        return { outcome: 'skipped', detail: `bad asset id ${String(data.assetId)}` };
      const { outcome, detail } = await modules.media.makeVariants(assetId);
      return { outcome, detail };
    },
  },
});
