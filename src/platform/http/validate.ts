import type { IncomingMessage } from 'node:http';
import express, { type RequestHandler } from 'express';
import { z } from 'zod';
import { badRequest, notFound } from './app-error';
import { MAX_ID, NUL_MESSAGE } from './input-rules';

/**
 * One set of input rules at the edge: schemas (src/contract/) use the pure rules of
 * input-rules.ts (`id()`, `wholeNumber()`, `money()`, `numberIn()`); every JSON body is parsed
 * by `jsonBody()` (its size and shape bounded before it is parsed) and every /api URL checked by
 * `rejectNulInUrl`, so no text holds a NUL.
 */
// Turns zod issues into the `errors` object of our error contract: one message per field.
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || 'body';
    errors[key] ??= issue.message;
  }
  return errors;
}

export function parse<S extends z.ZodType>(schema: S, input: unknown, what = 'request'): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) {
    const errors = fieldErrors(result.error);
    const first = Object.values(errors)[0];
    throw badRequest(first ? `Invalid ${what}: ${first}` : `Invalid ${what}.`, errors);
  }
  return result.data;
}

/**
 * Like parse(), but the message is the first field's own text ('Question and answer are required'),
 * or `fallback`: for screens and forms that show the server's message as it is.
 */
export function parseFields<S extends z.ZodType>(schema: S, input: unknown, fallback: string): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const errors = fieldErrors(result.error);
  throw badRequest(Object.values(errors)[0] ?? fallback, errors);
}

/**
 * Route ids: a non-numeric id is a 400, never a database error; a number no row can have (beyond
 * the integer range) is simply not found.
 */
export function parseId(value: unknown, name = 'id'): number {
  if (typeof value !== 'string' || !/^\d{1,400}$/.test(value) || /^0+$/.test(value))
    throw badRequest(`The ${name} must be a positive whole number.`);
  const n = Number(value);
  if (n > MAX_ID) throw notFound(`No ${name.replace(/ id$/, '')} with that id.`);
  return n;
}

/**
 * The dotted path of the first string (or key) holding a NUL character, or null. Nesting deeper
 * than any of our schemas is not walked (and is refused by them anyway). A JSON body is walked only
 * when its text holds an escaped NUL at all, after its shape has been checked (`jsonBody`).
 */
export function findNul(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'body' : null;
  if (depth > 20 || value === null || typeof value !== 'object') return null;
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (k.includes('\u0000')) return path ? `${path}.${k}` : k;
    const found = findNul(v, path ? `${path}.${k}` : k, depth + 1);
    if (found) return found;
  }
  return null;
}

const nulError = (field: string) => badRequest(`Invalid request: ${NUL_MESSAGE}`, { [field]: NUL_MESSAGE });

/** Mounted on /api before any route: NUL in the path or the query string is a 400. */
export const rejectNulInUrl: RequestHandler = (req, _res, next) => {
  const [pathPart, queryPart = ''] = req.originalUrl.split(/\?(.*)/s, 2);
  const hasNul = (s: string) => /%00/.test(s) || s.includes('\u0000');
  if (hasNul(pathPart)) return next(nulError('path'));
  if (hasNul(queryPart)) return next(nulError(findNul(req.query) ?? 'query'));
  next();
};

/**
 * Bounds on the shape of a JSON body, checked on its raw bytes as they arrive, before anything
 * parses or walks it: within the byte limit (16 MB for admin writes) a body could otherwise be
 * millions of tiny values (a long array, many keys, deep nesting, a huge number) that take
 * JSON.parse, the NUL rule and the schemas seconds, while every other visitor waits. None of our
 * schemas comes near these; the big admin bodies are a few long base64 strings.
 */
export const bodyShapeLimits = {
  /** Arrays and objects inside each other. */
  depth: 32,
  /** Entries of one array or object. */
  entries: 2000,
  /** Arrays, objects and their entries in the whole body. */
  values: 20_000,
  /** Characters of one number (or other bare value). */
  bareLength: 64,
  /** Bytes of one object key, as written. */
  keyLength: 100,
  /** Escape sequences (\n, \", \u00e9, ...) in all strings together. */
  escapes: 100_000,
};

const OUT = 0; // between tokens
const STRING = 1;
const ESCAPE = 2; // after a backslash
const UNICODE = 3; // in the 4 hex digits of \uXXXX

/**
 * Scans a JSON text chunk by chunk (any split) for the shape limits and for escaped NULs; it does
 * not validate JSON (JSON.parse still does), it only follows strings exactly, so for any valid
 * JSON its counts are exact. Long strings are skipped with indexOf, so base64 costs next to nothing.
 */
export class JsonShapeScanner {
  /** Bytes seen so far. */
  bytes = 0;
  /** The first limit exceeded, as a message; nothing more is scanned after it. */
  problem: string | null = null;
  /** A string or key holds `\u0000` (the only way JSON can carry a NUL character). */
  hasNul = false;

  private state = OUT;
  private depth = 0;
  private values = 0;
  private escapes = 0;
  private bare = 0;
  private readonly commas: Int32Array;
  private readonly inObject: Uint8Array;
  private keyNext = false;
  private inKey = false;
  private keyBytes = 0;
  private hexLeft = 0;
  private hexZero = true;

  constructor(private readonly limits = bodyShapeLimits) {
    this.commas = new Int32Array(limits.depth + 2);
    this.inObject = new Uint8Array(limits.depth + 2);
  }

  private fail(problem: string): void {
    this.problem = problem;
  }

  push(chunk: Uint8Array): void {
    this.bytes += chunk.length;
    if (this.problem) return;
    const L = this.limits;
    const n = chunk.length;
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, n);
    let nextQuote = -1;
    let nextBackslash = -1;
    let i = 0;
    while (i < n) {
      if (this.state === STRING) {
        if (nextQuote < i) nextQuote = buf.indexOf(0x22, i) >>> 0; // -1 becomes 2^32-1: past the end
        if (nextBackslash < i) nextBackslash = buf.indexOf(0x5c, i) >>> 0;
        const stop = Math.min(nextQuote, nextBackslash, n);
        if (this.inKey && (this.keyBytes += stop - i) > L.keyLength)
          return this.fail(`A field name in the request body is longer than ${L.keyLength} characters.`);
        if (stop === n) return;
        i = stop + 1;
        if (stop === nextQuote) {
          this.state = OUT;
        } else {
          this.state = ESCAPE;
          if (++this.escapes > L.escapes)
            return this.fail(`The request body has more than ${L.escapes} escaped characters.`);
        }
        continue;
      }
      const c = buf[i++];
      if (this.state === ESCAPE) {
        if (this.inKey) this.keyBytes += 2;
        if (c === 0x75 /* u */) {
          this.state = UNICODE;
          this.hexLeft = 4;
          this.hexZero = true;
        } else this.state = STRING;
      } else if (this.state === UNICODE) {
        if (this.inKey) this.keyBytes++;
        if (c !== 0x30 /* 0 */) this.hexZero = false;
        if (--this.hexLeft === 0) {
          if (this.hexZero) this.hasNul = true;
          this.state = STRING;
        }
      } else if (c === 0x22 /* " */) {
        this.state = STRING;
        this.inKey = this.keyNext;
        this.keyNext = false;
        this.keyBytes = 0;
        this.bare = 0;
      } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
        if (++this.depth > L.depth)
          return this.fail(`The request body is nested more than ${L.depth} levels deep.`);
        if (++this.values > L.values)
          return this.fail(`The request body holds more than ${L.values} values.`);
        this.commas[this.depth] = 0;
        this.inObject[this.depth] = c === 0x7b ? 1 : 0;
        this.keyNext = c === 0x7b;
        this.bare = 0;
      } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
        if (this.depth > 0) this.depth--;
        this.keyNext = false;
        this.bare = 0;
      } else if (c === 0x2c /* , */) {
        if (++this.commas[this.depth] >= L.entries)
          return this.fail(`A list or object in the request body has more than ${L.entries} entries.`);
        if (++this.values > L.values)
          return this.fail(`The request body holds more than ${L.values} values.`);
        this.keyNext = this.inObject[this.depth] === 1;
        this.bare = 0;
      } else if (c === 0x3a /* : */) {
        this.keyNext = false;
        this.bare = 0;
      } else if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) {
        this.bare = 0;
      } else if (++this.bare > L.bareLength) {
        return this.fail(`A number in the request body is longer than ${L.bareLength} characters.`);
      }
    }
  }
}

/** '100kb', '16mb' (1024-based, as express.json reads them) in bytes. */
function byteLimit(limit: string): number {
  const m = /^(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?$/i.exec(limit.trim());
  if (!m) throw new TypeError(`Unsupported body limit "${limit}"`);
  const unit = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 }[(m[2] ?? 'b').toLowerCase() as 'b'];
  return Math.floor(Number(m[1]) * unit);
}

const scanners = new WeakMap<IncomingMessage, JsonShapeScanner>();
const compressed = new Set(['gzip', 'deflate', 'br', 'zstd']);

const shapeError = (problem: string) => badRequest(`Invalid request: ${problem}`, { body: problem });

type JsonRequest = IncomingMessage & { is(types: string[]): string | false | null };
/** JSON and the JSON-based types (a CloudEvent's `application/cloudevents+json`). */
const JSON_TYPES = ['application/json', 'application/*+json'];

/** As express.json decides whether there is a body to read. */
const hasBody = (req: IncomingMessage) =>
  req.headers['transfer-encoding'] !== undefined || !isNaN(Number(req.headers['content-length']));

/** The charset a JSON body declares, lowercased (express.json's default: utf-8). */
const charsetOf = (req: IncomingMessage) =>
  /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(req.headers['content-type'] ?? '')?.[1]?.toLowerCase() ?? 'utf-8';

/** Whether the body is still to be read (express.json's own test: on-finished). */
const unread = (req: IncomingMessage) => !!req.socket?.readable && !(req.complete && !req.readable);

/**
 * Feeds the body's bytes to a scanner while they are read, so the shape is known (and a bad one
 * refused) the moment the last byte arrives, without a pass over the whole body then. Only when
 * the body is certain to be read; otherwise it is scanned once read.
 */
function scanWhileReading(req: JsonRequest, limit: number): void {
  if (req.readableFlowing !== null || !unread(req) || !hasBody(req)) return;
  const { headers } = req;
  if (Number(headers['content-length']) > limit) return; // refused unread (413)
  if (!req.is(JSON_TYPES)) return;
  const scanner = new JsonShapeScanner();
  const feed = (chunk: Buffer) => {
    if (scanner.bytes <= limit) scanner.push(chunk);
  };
  const encoding = (headers['content-encoding'] ?? 'identity').toLowerCase();
  if (encoding === 'identity') req.on('data', feed);
  else if (compressed.has(encoding)) {
    // The body is read through a decompressor piped from the request: scan what comes out of it.
    const self = req as unknown as { pipe: (dest: NodeJS.ReadWriteStream, opts?: object) => unknown };
    const pipe = self.pipe;
    self.pipe = (dest, opts) => {
      self.pipe = pipe;
      dest.on('data', feed);
      return pipe.call(req, dest, opts);
    };
  } else return;
  scanners.set(req, scanner);
}

/** Errors as express.json reports them (error-handler.ts answers by `type` and `status`). */
const httpError = (err: Error, status: number, type: string) =>
  Object.assign(err, { status, statusCode: status, expose: true, type });

/**
 * JSON text is UTF-8 (RFC 8259). express.json refuses a charset other than utf-* unread; its other
 * utf-* charsets (UTF-16, UTF-32) are refused here the same way.
 */
function charsetRefusal(req: JsonRequest): Error | null {
  if (!unread(req) || !hasBody(req) || !req.is(JSON_TYPES)) return null;
  const charset = charsetOf(req);
  if (charset === 'utf-8') return null;
  return httpError(new Error(`unsupported charset "${charset.toUpperCase()}"`), 415, 'charset.unsupported');
}

/** The body as text, as express.json decodes it: UTF-8, a byte order mark dropped. */
function decode(raw: Buffer): string {
  const text = raw.toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** express.json's parse: strict (an object or an array), an empty body is {}. */
function parseJson(text: string): unknown {
  if (text.length === 0) return {};
  const first = text[0] === '{' || text[0] === '[' ? text[0] : /^[ \t\n\r]*([^ \t\n\r]|$)/.exec(text)?.[1];
  try {
    if (first !== '{' && first !== '[') throw new SyntaxError('Not a JSON object or array');
    return JSON.parse(text);
  } catch (err) {
    throw httpError(err as Error, 400, 'entity.parse.failed');
  }
}

// Above this size each step of a body (reading, decoding, parsing, then the route) runs in a turn
// of its own, so none holds the event loop for the sum of them.
const YIELD_ABOVE = 256 * 1024;

/**
 * The JSON body parser of every route: express.json's reading and its answers (413 over `limit`,
 * 400 for bad JSON, 415 for another charset), with the body's shape checked on its bytes before
 * anything parses it (`bodyShapeLimits`, 400), then the NUL rule for every string and key, walked
 * only when the text holds an escaped NUL at all.
 */
export function jsonBody(limit: string): RequestHandler {
  const limitBytes = byteLimit(limit);
  const read = express.raw({ type: JSON_TYPES, limit });
  return (req, res, next) => {
    const refused = charsetRefusal(req);
    if (refused) return next(refused);
    scanWhileReading(req, limitBytes);
    read(req, res, (err?: unknown) => {
      if (err || !Buffer.isBuffer(req.body)) return next(err);
      const raw: Buffer = req.body;
      req.body = undefined;
      let scanner = scanners.get(req);
      if (!scanner || scanner.bytes !== raw.length) {
        scanner = new JsonShapeScanner();
        scanner.push(raw);
        scanners.set(req, scanner);
      }
      if (scanner.problem) return next(shapeError(scanner.problem));
      const { hasNul } = scanner;
      const then = raw.length > YIELD_ABOVE ? setImmediate : (step: () => void) => step();
      then(() => {
        const text = decode(raw);
        then(() => {
          try {
            req.body = parseJson(text);
          } catch (parseErr) {
            return next(parseErr);
          }
          const field = hasNul ? findNul(req.body) : null;
          if (field) return next(nulError(field));
          then(() => next());
        });
      });
    });
  };
}
