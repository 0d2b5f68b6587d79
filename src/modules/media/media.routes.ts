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
} satisfies Record<string, EndpointSpec>;

export function createMediaRoutes(senders: ReturnType<typeof createImageSenders>) {
  return bindEndpoints(mediaEndpoints, {
    mediaFile: async (req, res, { params }) => {
      await senders.sendFile(req, res, params.assetId, String(req.params.file ?? ''));
    },
  });
}
