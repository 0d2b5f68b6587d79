// The media store's contract, run the same against both drivers: the filesystem (in a temporary
// directory) and S3 (against s3rver, a local S3-compatible server). No database: the stores are
// where the bytes live, and what a test reads back is what a visitor would be served.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { createMediaStore, type MediaStore } from '../../src/modules/media';
import { startS3Server } from '../support/s3-server';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const BAD_KEYS = ['../x', '/abs', 'a//b', 'a\\b', 'a/../b', 'a/./b', '', 'a/', '.hidden/x'];

async function listAll(store: MediaStore, prefix: string) {
  const out: { key: string; modifiedAt: Date }[] = [];
  for await (const f of store.list(prefix)) out.push(f);
  return out.sort((a, b) => a.key.localeCompare(b.key));
}

/** A TCP server that counts the connections made to it (and answers none). */
async function connectionCounter() {
  let connections = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((s) => {
    connections++;
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * An HTTP proxy in front of s3rver that records each request the store sends (method, path and
 * query, its answer's status, and for a DeleteObjects how many keys it names), passing every byte
 * and header through (the signature covers the Host header, which stays the proxy's).
 */
async function recordingProxy(target: string) {
  const requests: { method: string; url: string; status?: number; deleteKeys?: number }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const url = req.url ?? '';
      const seen: (typeof requests)[number] = { method: req.method ?? '', url };
      if (new URL(url, target).searchParams.has('delete'))
        seen.deleteKeys = body.toString().split('<Key>').length - 1;
      requests.push(seen);
      const upstream = http.request(
        new URL(url, target),
        { method: req.method, headers: req.headers },
        (up) => {
          seen.status = up.statusCode;
          res.writeHead(up.statusCode ?? 502, up.headers);
          up.pipe(res);
        },
      );
      upstream.on('error', () => res.destroy());
      upstream.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    requests,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

type Driver = {
  name: 'filesystem' | 's3';
  /** A store of its own (its own directory or bucket prefix namespace) for one describe block. */
  store: () => MediaStore;
  /** A store whose every IO is seen: `io()` is true once it touched its disk or network. */
  watched: () => Promise<{ store: MediaStore; io: () => Promise<boolean>; close: () => Promise<void> }>;
};

let work: string; // every temporary directory of this file
let s3: Awaited<ReturnType<typeof startS3Server>>;

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'wildframe-media-store-'));
  s3 = await startS3Server();
});

afterAll(async () => {
  await s3?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

/** The filesystem store as the app makes it: under DATA_DIR/media. */
const filesystemStore = (dataDir: string) =>
  createMediaStore(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, MEDIA_STORE: 'filesystem' }));

/** The S3 store as the app makes it from MEDIA_S3_*, against s3rver unless told otherwise. */
const s3Store = (env: Record<string, string> = {}) =>
  createMediaStore(
    loadConfig({
      NODE_ENV: 'test',
      ...s3.env,
      ...env,
    }),
  );

const drivers: Driver[] = [
  {
    name: 'filesystem',
    store: () => filesystemStore(path.join(work, 'fs')),
    watched: async () => {
      // a data dir that does not exist yet: any write would create it
      const dataDir = path.join(work, `watched-${randomBytes(4).toString('hex')}`);
      return {
        store: filesystemStore(dataDir),
        io: async () => existsSync(dataDir), // '../x' would land in it too (DATA_DIR/x)
        close: async () => undefined,
      };
    },
  },
  {
    name: 's3',
    store: () => s3Store(),
    watched: async () => {
      const counter = await connectionCounter();
      return {
        store: s3Store({ MEDIA_S3_ENDPOINT: `http://127.0.0.1:${counter.port}` }),
        io: async () => counter.connections() > 0,
        close: counter.close,
      };
    },
  },
];

describe.each(drivers)('media store: $name', (driver) => {
  let store: MediaStore;
  beforeAll(() => {
    store = driver.store();
  });

  it('is named for its driver', () => {
    expect(store.name).toBe(driver.name);
  });

  it('gives back the bytes it was given', async () => {
    const data = randomBytes(2048);
    await store.put('photos/1/original.jpg', data, 'image/jpeg');
    const got = await store.get('photos/1/original.jpg');
    expect(got).toBeInstanceOf(Buffer);
    expect(got!.equals(data)).toBe(true);
  });

  // The SDK's default checksums wrap a streamed body in aws-chunked framing that s3rver stores as
  // part of the object; a Buffer body (what put sends) is sent plain either way.
  it('gives back a 5 MB original byte for byte', async () => {
    const data = randomBytes(5 * 1024 * 1024 + 123);
    await store.put('photos/2/original.jpg', data, 'image/jpeg');
    const got = await store.get('photos/2/original.jpg');
    expect(got!.length).toBe(data.length);
    expect(sha(got!)).toBe(sha(data));
  });

  it('streams a file whole or a byte range of it (a resumed download), and null for none', async () => {
    const data = randomBytes(300 * 1024 + 7);
    await store.put('licensed/1/2-3.jpg', data, 'image/jpeg');
    const read = async (range?: { start: number; end: number }) => {
      const stream = await store.readStream('licensed/1/2-3.jpg', range);
      const chunks: Buffer[] = [];
      for await (const c of stream!) chunks.push(c as Buffer);
      return Buffer.concat(chunks);
    };
    expect((await read()).equals(data)).toBe(true);
    expect((await read({ start: 1000, end: 1999 })).equals(data.subarray(1000, 2000))).toBe(true);
    expect((await read({ start: 70_000, end: data.length - 1 })).equals(data.subarray(70_000))).toBe(true);
    expect(await store.readStream('licensed/1/none.jpg')).toBeNull();
  });

  it('writes a file streamed in chunks, and refuses one whose chunks do not add up, leaving no file', async () => {
    const data = randomBytes(3 * 1024 * 1024 + 5);
    async function* chunks(of: Buffer) {
      for (let at = 0; at < of.length; at += 1024 * 1024) yield of.subarray(at, at + 1024 * 1024);
    }
    await store.putStream('photos/streamed/original.jpg', chunks(data), 'image/jpeg', data.length);
    expect(sha((await store.get('photos/streamed/original.jpg'))!)).toBe(sha(data));
    await expect(
      store.putStream('photos/streamed/short.jpg', chunks(data.subarray(1)), 'image/jpeg', data.length),
    ).rejects.toThrow(/bytes came/);
    await expect(
      store.putStream('photos/streamed/long.jpg', chunks(data), 'image/jpeg', data.length - 1),
    ).rejects.toThrow(/bytes came/);
    expect(await store.get('photos/streamed/short.jpg')).toBeNull();
    expect(await store.get('photos/streamed/long.jpg')).toBeNull();
  });

  it('keeps an empty file', async () => {
    await store.put('photos/3/empty.bin', Buffer.alloc(0), 'application/octet-stream');
    const got = await store.get('photos/3/empty.bin');
    expect(got).not.toBeNull();
    expect(got!.length).toBe(0);
  });

  it('answers null for a key it does not have', async () => {
    expect(await store.get('photos/none/original.jpg')).toBeNull();
    expect(await store.get('nothing-here')).toBeNull();
  });

  it('replaces a file put again under the same key', async () => {
    await store.put('photos/4/1080.webp', Buffer.from('first version'), 'image/webp');
    await store.put('photos/4/1080.webp', Buffer.from('second'), 'image/webp');
    expect((await store.get('photos/4/1080.webp'))!.toString()).toBe('second');
  });

  it('writes into a deep new directory', async () => {
    const key = 'deep/a/b/c/d/e/f/variant_640-x.avif';
    await store.put(key, Buffer.from('deep'), 'image/avif');
    expect((await store.get(key))!.toString()).toBe('deep');
  });

  it('deletes several keys at once, a missing one among them', async () => {
    const keys = ['del/1/a.jpg', 'del/1/b.webp', 'del/2/c.avif'];
    for (const k of keys) await store.put(k, Buffer.from(k), 'image/jpeg');
    await store.put('del/keep.jpg', Buffer.from('keep'), 'image/jpeg');

    await store.delete([...keys, 'del/never-was.jpg']);

    for (const k of keys) expect(await store.get(k)).toBeNull();
    expect((await store.get('del/keep.jpg'))!.toString()).toBe('keep');
    expect((await listAll(store, 'del')).map((f) => f.key)).toEqual(['del/keep.jpg']);
    await store.delete([]); // nothing to do is fine
  });

  it('lists the files under a prefix with when each was written', async () => {
    const before = Date.now();
    const keys = ['list/7/original.jpg', 'list/7/thumb.jpg', 'list/7/w/1080.webp', 'list/7/w/1080.avif'];
    for (const k of keys) await store.put(k, Buffer.from(k), 'image/jpeg');
    await store.put('list/70/original.jpg', Buffer.from('not under list/7'), 'image/jpeg');
    await store.put('list/other.jpg', Buffer.from('beside'), 'image/jpeg');
    const after = Date.now();

    const listed = await listAll(store, 'list/7');
    expect(listed.map((f) => f.key)).toEqual([...keys].sort());
    for (const f of listed) {
      expect(f.modifiedAt).toBeInstanceOf(Date);
      // stores keep whole seconds (S3's Last-Modified) or the disk's own clock
      expect(f.modifiedAt.getTime()).toBeGreaterThanOrEqual(before - 2000);
      expect(f.modifiedAt.getTime()).toBeLessThanOrEqual(after + 2000);
    }
    expect((await listAll(store, 'list')).map((f) => f.key)).toEqual(
      [...keys, 'list/70/original.jpg', 'list/other.jpg'].sort(),
    );
    expect(await listAll(store, 'list/nothing')).toEqual([]);
  });

  it('refuses bad keys before touching its disk or network', async () => {
    const watched = await driver.watched();
    try {
      for (const key of BAD_KEYS) {
        await expect(watched.store.put(key, Buffer.from('x'), 'image/jpeg'), key).rejects.toThrow(
          /bad media key/,
        );
        await expect(watched.store.get(key), key).rejects.toThrow(/bad media key/);
        await expect(watched.store.delete([key]), key).rejects.toThrow(/bad media key/);
        // a good key beside a bad one: nothing is deleted
        await expect(watched.store.delete(['photos/ok.jpg', key]), key).rejects.toThrow(/bad media key/);
        expect(() => watched.store.list(key), key).toThrow(/bad media key/);
      }
      // what would have reached the disk or the server a moment later
      await new Promise((r) => setTimeout(r, 100));
      expect(await watched.io()).toBe(false);
    } finally {
      await watched.close();
    }
  });

  it('keeps a good key beside a bad one in a refused delete', async () => {
    await store.put('refused/keep.jpg', Buffer.from('keep'), 'image/jpeg');
    await expect(store.delete(['refused/keep.jpg', '../x'])).rejects.toThrow(/bad media key/);
    await new Promise((r) => setTimeout(r, 100)); // a delete already under way would be done
    expect((await store.get('refused/keep.jpg'))?.toString()).toBe('keep');
  });
});

describe('media store: filesystem only', () => {
  let root: string;
  let store: MediaStore;
  beforeAll(async () => {
    store = filesystemStore(path.join(work, 'fs-only'));
    root = path.join(work, 'fs-only', 'media');
  });

  async function filesUnder(dir: string): Promise<string[]> {
    const entries = await readdir(dir, { withFileTypes: true, recursive: true });
    return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
  }

  it('keeps each key as a file under its root, with no temporary file left after a put', async () => {
    await store.put('photos/9/original.jpg', randomBytes(100_000), 'image/jpeg');
    await store.put('photos/9/original.jpg', randomBytes(50), 'image/jpeg');
    await store.put('photos/9/640.webp', randomBytes(10), 'image/webp');
    expect((await filesUnder(root)).sort()).toEqual(['photos/9/640.webp', 'photos/9/original.jpg']);
    expect((await stat(path.join(root, 'photos/9/original.jpg'))).size).toBe(50);
  });

  it('does not list a temporary file a crash left behind', async () => {
    await store.put('crash/1/original.jpg', Buffer.from('whole'), 'image/jpeg');
    await writeFile(path.join(root, 'crash/1/.tmp-deadbeefdeadbeef'), 'half a file');
    expect((await listAll(store, 'crash')).map((f) => f.key)).toEqual(['crash/1/original.jpg']);
  });
});

describe('media store: S3 only', () => {
  it('stores the content type S3 will serve the file with', async () => {
    await s3Store().put('typed/1/640.avif', Buffer.from('avif bytes'), 'image/avif');
    const client = new S3Client({
      region: s3.region,
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: s3.credentials,
    });
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: 'typed/1/640.avif' }));
      expect(head.ContentType).toBe('image/avif');
      expect(head.ContentLength).toBe(10);
    } finally {
      client.destroy();
    }
  });

  it('lists past one page and deletes in batches of 1000 keys', async () => {
    const proxy = await recordingProxy(s3.endpoint);
    try {
      const store = s3Store({ MEDIA_S3_ENDPOINT: proxy.endpoint });
      const keys = Array.from({ length: 1003 }, (_, i) => `many/${String(i).padStart(4, '0')}.jpg`);
      for (let i = 0; i < keys.length; i += 50)
        await Promise.all(keys.slice(i, i + 50).map((k) => store.put(k, Buffer.from(k), 'image/jpeg')));

      proxy.requests.length = 0;
      expect((await listAll(store, 'many')).map((f) => f.key)).toEqual(keys);
      // S3 answers at most 1000 keys a page: the second page is asked for with the first's token
      const lists = proxy.requests.map((r) => new URL(r.url, s3.endpoint).searchParams);
      expect(lists.map((q) => q.get('list-type'))).toEqual(['2', '2']);
      expect(lists.map((q) => q.has('continuation-token'))).toEqual([false, true]);

      proxy.requests.length = 0;
      await store.delete(keys);
      // S3 refuses a DeleteObjects of more than 1000 keys (s3rver does not check). s3rver now and
      // then answers 500 to a batch (two of its deletes race to remove the emptied directory);
      // the SDK sends that batch again.
      expect(proxy.requests.every((r) => r.method === 'POST' && r.deleteKeys! <= 1000)).toBe(true);
      expect(proxy.requests.filter((r) => r.status === 200).map((r) => r.deleteKeys)).toEqual([1000, 3]);
      expect(await listAll(store, 'many')).toEqual([]);
    } finally {
      await proxy.close();
    }
  }, 60_000);

  it('throws what S3 answers other than a missing key (a bucket that is not there)', async () => {
    const store = s3Store({ MEDIA_S3_BUCKET: 'no-such-bucket' });
    await expect(store.get('photos/1/original.jpg')).rejects.toMatchObject({ name: 'NoSuchBucket' });
    await expect(store.put('photos/1/original.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toMatchObject({
      name: 'NoSuchBucket',
    });
  });

  it('throws when the server cannot be reached', async () => {
    const counter = await connectionCounter();
    const port = counter.port;
    await counter.close(); // nothing listens there now
    const store = s3Store({ MEDIA_S3_ENDPOINT: `http://127.0.0.1:${port}` });
    await expect(store.get('photos/1/original.jpg')).rejects.toThrow();
  });
});
