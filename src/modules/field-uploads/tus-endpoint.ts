import type { RequestHandler } from 'express';
import { Server, type ServerOptions } from '@tus/server';
import { ERRORS, type Locker } from '@tus/utils';
import { randomBytes } from 'node:crypto';
import { mediaMessages } from '../media';
import { queueIdSchema } from '../../contract';
import { isDependencyDown } from '../../platform/dependency-errors';
import { fieldUploadMessages } from './field-uploads.service';
import type { UploadStore } from './upload-store';

/** The tus endpoint's address (the batch screen reads it from GET /api/admin/upload-limits). */
export const UPLOADS_PATH = '/api/admin/uploads';

/** An address segment is the upload's id in the store less the store's prefix (`uploads/` on S3). */
export const segmentPattern = /^[A-Za-z0-9_-]{1,128}$/;

const jsonError = (status_code: number, message: string, errors?: Record<string, string>) => ({
  status_code,
  body: JSON.stringify(errors ? { message, errors } : { message }),
});

/** tus's own answers (its ERRORS, and the server's 412 and 400) in the owner's words. */
const tusSentences: Record<string, string> = {
  'The file for this url was not found': fieldUploadMessages.unknown,
  'The file for this url no longer exists': fieldUploadMessages.unknown,
  'Tus-Resumable Required': 'The Tus-Resumable header is required (tus 1.0.0).',
  'Upload-Offset conflict':
    'The upload offset does not match what the server has: ask for it (HEAD) and go on from there.',
};

/** An error body as the API's others are: JSON `{ message }` (ours as they are, tus's text made a sentence). */
export function asJsonErrorBody(body: string): string {
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && 'message' in parsed) return body;
  } catch {
    // tus's plain text
  }
  const text = body.trim() || 'The upload request failed.';
  const message = tusSentences[text] ?? (/[.!?]$/.test(text) ? text : `${text}.`);
  return JSON.stringify({ message });
}

/**
 * tus's server, its errors answered as every other API error: JSON `{ message }` with its
 * Content-Type. `write` is where each of its answers goes out (its handlers' errors after
 * onResponseError, and its own 412, 400 and 404); the tus headers it set are kept.
 */
class JsonErrorTusServer extends Server {
  override write(
    ...[context, headers, status, body]: Parameters<Server['write']>
  ): ReturnType<Server['write']> {
    if (status < 400) return super.write(context, headers, status, body);
    headers.set('Content-Type', 'application/json; charset=utf-8');
    return super.write(context, headers, status, asJsonErrorBody(body ?? ''));
  }
}

/**
 * The tus 1.0.0 server (creation, expiration, termination) over the upload store: relative
 * Location headers (right behind any proxy), the per-file limit refused at creation (413), and
 * the metadata checked: `queueId` a UUID (400). Each upload's requests take the lock every API
 * process shares (`upload-locker.ts`); Redis down answers 503. Express hands it the raw request:
 * no JSON parser reads a PATCH body.
 */
export function createTusHandler(
  uploads: Promise<UploadStore>,
  keyPrefix: string,
  maxBytes: number,
  locker: Locker,
): RequestHandler {
  const options = (datastore: UploadStore['store']): ServerOptions & { datastore: UploadStore['store'] } => ({
    path: UPLOADS_PATH,
    datastore,
    relativeLocation: true,
    maxSize: maxBytes,
    locker,
    namingFunction: () => `${keyPrefix}${randomBytes(16).toString('hex')}`,
    generateUrl: (_req, { path, id }) => `${path}/${id.slice(keyPrefix.length)}`,
    getFileIdFromRequest: (_req, lastPath) =>
      lastPath && segmentPattern.test(lastPath) ? `${keyPrefix}${lastPath}` : undefined,
    onUploadCreate: async (_req, upload) => {
      const queueId = upload.metadata?.queueId;
      if (!queueId || !queueIdSchema.safeParse(queueId).success)
        throw jsonError(400, 'queueId must be a UUID', { queueId: 'queueId must be a UUID' });
      return {};
    },
    onResponseError: (_req, err) => {
      const status = 'status_code' in err ? err.status_code : 500;
      if (status === 413) return jsonError(413, mediaMessages.tooLarge(maxBytes));
      // another request still writes this upload (a cut connection not yet let go): the client retries
      if ('body' in err && err.body === ERRORS.ERR_LOCK_TIMEOUT.body)
        return jsonError(503, 'The upload is busy with an earlier request. Please try again shortly.');
      const down = isDependencyDown(err);
      if (down)
        return jsonError(503, `The service is temporarily unavailable (${down}). Please try again shortly.`);
      return undefined;
    },
  });
  const server = uploads.then(({ store }) => new JsonErrorTusServer(options(store)));
  server.catch(() => undefined); // a store that cannot load fails each request (next), not the process
  return (req, res, next) => {
    // tus's Node adapter ends with `res.end(callback)`; the session's and compression's wrappers of
    // `end` take a function for a chunk and throw, so the callback is moved to 'finish'
    const end = res.end.bind(res) as (...args: unknown[]) => typeof res;
    res.end = ((...args: unknown[]) => {
      if (typeof args[0] !== 'function') return end(...args);
      res.once('finish', args[0] as () => void);
      return end();
    }) as typeof res.end;
    server.then((tus) => tus.handle(req, res)).catch(next);
  };
}
