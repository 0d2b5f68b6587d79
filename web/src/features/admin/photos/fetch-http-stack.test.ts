import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FetchHttpStack } from './fetch-http-stack';

// A real HTTP server answering as a tus endpoint would: what the stack sends and what it reads back.
type Seen = { method: string; headers: IncomingMessage['headers']; body: Buffer };
let server: Server;
let base: string;
const seen: Seen[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      seen.push({ method: req.method!, headers: req.headers, body: Buffer.concat(chunks) });
      if (req.url === '/hang') return; // never answers: only an abort ends it
      if (req.url === '/refused') {
        res.writeHead(400, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ message: 'The image could not be read.' }));
        return;
      }
      res.writeHead(204, { 'Upload-Offset': String(chunks.reduce((n, c) => n + c.length, 0)) });
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('FetchHttpStack', () => {
  it('sends the method, the headers set and the body, and reports the bytes once answered', async () => {
    const request = new FetchHttpStack().createRequest('PATCH', `${base}/files/abc`);
    request.setHeader('Tus-Resumable', '1.0.0');
    request.setHeader('Upload-Offset', '0');
    request.setHeader('Content-Type', 'application/offset+octet-stream');
    const progress: number[] = [];
    request.setProgressHandler((sent) => progress.push(sent));

    const response = await request.send(new Blob([new Uint8Array(1234)]));

    const last = seen.at(-1)!;
    expect(last.method).toBe('PATCH');
    expect(last.headers['tus-resumable']).toBe('1.0.0');
    expect(last.headers['upload-offset']).toBe('0');
    expect(last.headers['content-type']).toBe('application/offset+octet-stream');
    expect(last.body.length).toBe(1234);
    expect(request.getMethod()).toBe('PATCH');
    expect(request.getURL()).toBe(`${base}/files/abc`);
    expect(request.getHeader('Upload-Offset')).toBe('0');
    expect(request.getHeader('Upload-Length')).toBeUndefined();
    expect(progress).toEqual([1234]);
    expect(response.getStatus()).toBe(204);
    expect(response.getHeader('Upload-Offset')).toBe('1234');
    expect(response.getHeader('upload-offset')).toBe('1234');
    expect(response.getHeader('Location')).toBeUndefined();
    expect(response.getBody()).toBe('');
  });

  it('gives a refusal its status and its body as text', async () => {
    const request = new FetchHttpStack().createRequest('POST', `${base}/refused`);
    const response = await request.send(null);
    expect(seen.at(-1)!.method).toBe('POST');
    expect(response.getStatus()).toBe(400);
    expect(response.getHeader('Content-Type')).toBe('application/json');
    expect(JSON.parse(response.getBody())).toEqual({ message: 'The image could not be read.' });
  });

  it('abort ends a request that hangs', async () => {
    const request = new FetchHttpStack().createRequest('HEAD', `${base}/hang`);
    const sent = request.send(null);
    await expect.poll(() => seen.at(-1)?.method).toBe('HEAD');
    await request.abort();
    await expect(sent).rejects.toThrow();
  });
});
