import { restampProgressSchema } from '../../contract';
import type { RestampProgress } from '../../shared/file-rights';
import { bindEndpoints, type EndpointSpec } from '../../platform/http/endpoint';
import type { createImageSenders } from './media.http';

export const mediaEndpoints = {
  // One file per address (format and width in the name): what pages and a CDN in front of the
  // shop use. Originals are never here (the print lab's signed address is the only way to one).
  mediaFile: {
    method: 'GET',
    path: '/media/:assetId/:file',
    auth: 'public',
    // the owner's previews of drafts are served to her session alone (media.http.ts sendFile)
    session: true,
    cache: 'file',
    params: { assetId: 'image' },
    answer: 'image bytes',
    contract: 'GET /media/{assetId}/{file}',
  },
  // how far the remake after a change of her rights has come (the rights screen shows it)
  restampProgress: {
    method: 'GET',
    path: '/api/admin/media/restamp-progress',
    auth: 'admin',
    session: true,
    cache: 'no-store',
    answer: restampProgressSchema,
    contract: 'GET /api/admin/media/restamp-progress',
  },
} satisfies Record<string, EndpointSpec>;

export function createMediaRoutes(
  senders: ReturnType<typeof createImageSenders>,
  restampProgress: () => Promise<RestampProgress>,
) {
  return bindEndpoints(mediaEndpoints, {
    mediaFile: async (req, res, { params }) => {
      await senders.sendFile(req, res, params.assetId, String(req.params.file ?? ''));
    },
    restampProgress: async (_req, res) => {
      res.json(await restampProgress());
    },
  });
}
