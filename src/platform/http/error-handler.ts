import type { ErrorRequestHandler, RequestHandler } from 'express';
import { z } from 'zod';
import { AppError } from './app-error';
import { fieldErrors } from './validate';
import { isDependencyDown } from '../dependency-errors';

export const notFoundHandler: RequestHandler = (req, res) => {
  res.status(404).json({ message: `No route for ${req.method} ${req.originalUrl.split('?')[0]}.` });
};

const isBrokenMultipart = (message = '') =>
  /^(Multipart: |Unexpected end of (form|file)|Malformed part header|Malformed urlencoded form|Unsupported content type)/.test(
    message,
  );

// The single place where errors become HTTP answers.
export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  const send = (status: number, body: Record<string, unknown>) => {
    if (res.headersSent) return res.end();
    res.status(status).json(body);
  };
  if (err instanceof AppError) return send(err.status, { message: err.message, errors: err.errors });
  if (err instanceof z.ZodError) return send(400, { message: 'Invalid request.', errors: fieldErrors(err) });
  const e = err as { type?: string; status?: number; code?: string; message?: string };
  if (e.type === 'entity.parse.failed') return send(400, { message: 'The request body is not valid JSON.' });
  if (e.type === 'entity.too.large' || e.code === 'LIMIT_FILE_SIZE')
    return send(413, { message: 'The request is too large.' });
  if (e.code === 'LIMIT_UNEXPECTED_FILE' || e.code === 'LIMIT_FILE_COUNT' || e.code === 'LIMIT_PART_COUNT')
    return send(400, { message: 'Unexpected file field in the upload.' });
  // multer's other limits and busboy's parse errors: a broken upload is bad input, not our fault
  if ((err as Error).name === 'MulterError' || isBrokenMultipart(e.message))
    return send(400, { message: 'The upload is not a valid multipart form.' });
  if (typeof e.status === 'number' && e.status >= 400 && e.status < 500)
    return send(e.status, { message: e.message ?? 'Bad request.' });
  const down = isDependencyDown(err);
  if (down) {
    res.setHeader('Retry-After', '5');
    req.log?.warn({ err }, `${down} unavailable`);
    return send(503, {
      message: `The service is temporarily unavailable (${down}). Please try again shortly.`,
    });
  }
  req.log?.error({ err }, 'unhandled error');
  send(500, { message: 'Something went wrong on our side. Please try again.' });
};
