import { Router } from 'express';

// Express 5 forwards rejected promises from handlers to the error middleware by itself,
// so routes are plain async functions; this just gives every module the same Router options.
export function createRouter(): Router {
  return Router({ mergeParams: true });
}
