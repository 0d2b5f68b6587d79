import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { Config } from '../../src/config';
import { closeContext, createContext, type AppContext } from '../../src/platform/context';
import { dropDatabase } from '../../src/platform/db';
import { createLogger } from '../../src/platform/logger';
import { HttpClient } from '../support/http-client';
import { makeJpeg, toDataUrl } from '../support/images';
import { freePort } from '../support/redis-server';
import { customer, insertPhoto } from '../support/shop-data';
import { ADMIN, eventually } from '../support/test-app';
import { testConfig } from '../support/test-config';

// `npm start` as an operator runs it (npm -> sh -> node: the launcher, which becomes the compiled
// server, one process group), stopped the way systemd, Ctrl-C and `docker stop` through npm stop
// it: a signal to the whole group, which npm relays to the server a second time. Requests in flight finish, then it exits by itself.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

type Started = {
  config: Config;
  ctx: AppContext;
  url: string;
  proc: ChildProcess;
  /** stdout and stderr lines of every process of the group. */
  lines: string[];
  /** When the last process holding the group's output ended (Date.now()). */
  ended: Promise<number>;
};
const started: Started[] = [];

async function startShop(): Promise<Started> {
  const config = testConfig({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
  const port = await freePort();
  const proc = spawn('npm', ['start'], {
    cwd: root,
    detached: true, // leads its own process group, as a service or a terminal's job does
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      DATABASE_URL: config.DATABASE_URL, // a fresh database: npm start creates and migrates it
      REDIS_URL: config.REDIS_URL,
      REDIS_PREFIX: config.REDIS_PREFIX,
      DATA_DIR: config.DATA_DIR,
      DEMO_DATA: 'false',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
    },
  });
  const lines: string[] = [];
  for (const stream of [proc.stdout!, proc.stderr!]) {
    let rest = '';
    stream.on('data', (d: Buffer) => {
      const parts = (rest + d.toString()).split('\n');
      rest = parts.pop()!;
      lines.push(...parts);
    });
  }
  // 'close': npm has exited and every process that inherited its output has closed it
  const ended = new Promise<number>((resolve) => proc.on('close', () => resolve(Date.now())));
  const url = `http://127.0.0.1:${port}`;
  const shop: Started = {
    config,
    ctx: createContext(config, createLogger('silent')),
    url,
    proc,
    lines,
    ended,
  };
  started.push(shop);
  await eventually(async () => (await fetch(`${url}/readyz`).catch(() => null))?.status === 200, 180_000);
  return shop;
}

afterAll(async () => {
  for (const { proc, ctx, config } of started) {
    if (alive(proc.pid!).length) process.kill(-proc.pid!, 'SIGKILL');
    const keys = await ctx.redis.keys(`${config.REDIS_PREFIX}:*`).catch(() => []);
    if (keys.length) await ctx.redis.del(...keys).catch(() => undefined);
    await closeContext(ctx);
    await dropDatabase(config.DATABASE_URL);
    rmSync(config.DATA_DIR, { recursive: true, force: true });
  }
}, 60_000);

/** The group's processes that have not exited (zombies waiting to be reaped have). */
function alive(pgid: number): { pid: number; ppid: number; cmd: string }[] {
  const found: { pid: number; ppid: number; cmd: string }[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const [state, ppid, pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(pgrp) !== pgid || state === 'Z') continue;
      const cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' ');
      found.push({ pid: Number(entry), ppid: Number(ppid), cmd });
    } catch {
      // exited while we looked
    }
  }
  return found;
}

/** The server itself: the node process running dist/node/start.js (npm's child, through `exec`). */
function serverPid(pgid: number): number {
  const group = alive(pgid);
  const server = group.find((p) => p.cmd.includes('node') && p.cmd.includes('dist/node/start.js'));
  if (!server) throw new Error(`no server process in ${JSON.stringify(group)}`);
  return server.pid;
}

const logged = (lines: string[], msg: string) =>
  lines.filter((l) => l.startsWith('{')).filter((l) => (JSON.parse(l) as { msg?: string }).msg === msg);

type Answer = { status: number; body: Record<string, unknown>; at: number };

/**
 * A request whose body goes out in `pieces` over `ms`: in flight (headers and a first piece sent)
 * when `inFlight` resolves; `answer` settles with the response, or rejects if the server cuts it.
 * Its keep-alive agent keeps the connection open after the answer, as browsers do.
 */
function slowRequest(
  url: string,
  method: string,
  target: string,
  body: unknown,
  { cookie = '', pieces = 10, ms = 3000 } = {},
) {
  const bytes = Buffer.from(JSON.stringify(body));
  let inFlight!: () => void;
  const sending = new Promise<void>((resolve) => (inFlight = resolve));
  const answer = new Promise<Answer>((resolve, reject) => {
    const req = http.request(`${url}${target}`, {
      method,
      agent: new http.Agent({ keepAlive: true }),
      headers: {
        'content-type': 'application/json',
        'content-length': String(bytes.length),
        'sec-fetch-site': 'same-origin',
        ...(cookie ? { cookie } : {}),
      },
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode!,
          body: JSON.parse(Buffer.concat(chunks).toString()),
          at: Date.now(),
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    const size = Math.ceil(bytes.length / pieces);
    let sent = 0;
    const next = () => {
      req.write(bytes.subarray(sent, sent + size), () => {
        if (sent === 0) inFlight();
        sent += size;
        if (sent < bytes.length) setTimeout(next, ms / pieces);
        else req.end();
      });
    };
    next();
  });
  return { sending, answer };
}

describe('npm start, stopped with a signal to its process group or to npm', () => {
  it('finishes the uploads and checkouts in flight, ignores the relayed signal, and exits by itself', async () => {
    const shop = await startShop();
    const { url, proc, lines, ctx } = shop;
    const pgid = proc.pid!;
    const photo = await insertPhoto(ctx.db, {
      title: 'Marsh Sunset',
      options: [{ size: '11x14 inch', priceCents: 12000, shippingCents: 1500 }],
    });
    const admin = new HttpClient(url);
    await admin.json(admin.post('/api/admin/login', ADMIN));
    await admin.json(admin.post('/api/admin/categories', { name: 'birds', displayName: 'Birds' }), 201);
    const buyer = new HttpClient(url);
    await buyer.json(
      buyer.post('/api/cart', { photoId: photo.photoId, printOptionId: photo.optionIds[0], quantity: 1 }),
      201,
    );
    const secondBuyer = new HttpClient(url);
    // a browser's idle keep-alive connection: the server must not wait for it to be hung up
    const idle = new http.Agent({ keepAlive: true });
    await new Promise((resolve) =>
      http.get(`${url}/api/photos`, { agent: idle }, (r) => r.resume().on('end', resolve)),
    );

    const image = toDataUrl(await makeJpeg(1600, 1000));
    const flights = {
      upload: slowRequest(
        url,
        'POST',
        '/api/admin/photos',
        {
          title: 'Heron',
          description: '<p>Dawn</p>',
          category: 'birds',
          aspectRatio: '3:2',
          imageData: image,
        },
        { cookie: admin.cookieHeader, pieces: 16, ms: 3000 },
      ),
      checkout: slowRequest(
        url,
        'POST',
        '/api/checkout',
        { ...customer, totalAmount: 135 },
        { cookie: buyer.cookieHeader, pieces: 8, ms: 2500 },
      ),
      cart: slowRequest(
        url,
        'POST',
        '/api/cart',
        { photoId: photo.photoId, printOptionId: photo.optionIds[0], quantity: 2 },
        { pieces: 6, ms: 2000 },
      ),
      contact: slowRequest(
        url,
        'POST',
        '/api/contact',
        { name: 'Rosa', email: 'rosa@example.org', message: 'Do you ship to Canada? '.repeat(20) },
        { cookie: secondBuyer.cookieHeader, pieces: 5, ms: 1500 },
      ),
    };
    await Promise.all(Object.values(flights).map((f) => f.sending));
    await new Promise((r) => setTimeout(r, 200)); // the server has their headers
    const server = serverPid(pgid);

    const signalledAt = Date.now();
    process.kill(-pgid, 'SIGTERM');
    await new Promise((r) => setTimeout(r, 150));
    process.kill(server, 'SIGTERM'); // npm relays the signal it got to its child as well
    // it takes no new connections meanwhile
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();

    const settled = await Promise.allSettled(Object.values(flights).map((f) => f.answer));
    const outcome = (r: PromiseSettledResult<Answer>) =>
      r.status === 'fulfilled' ? r.value.status : `cut: ${String(r.reason)}`;
    expect(Object.fromEntries(Object.keys(flights).map((name, i) => [name, outcome(settled[i])]))).toEqual({
      upload: 201,
      checkout: 201,
      cart: 201,
      contact: 201,
    });
    const answers = settled.map((r) => (r as PromiseFulfilledResult<Answer>).value);
    expect(answers[1].body).toMatchObject({ total: 135 });
    const lastAnswer = Math.max(...answers.map((a) => a.at));
    expect(lastAnswer - signalledAt).toBeGreaterThan(1000); // they really were in flight

    const endedAt = await Promise.race([
      shop.ended,
      new Promise<number>((r) => setTimeout(() => r(Infinity), 30_000)),
    ]);
    expect(alive(pgid)).toEqual([]);
    expect(endedAt - lastAnswer, lines.slice(-20).join('\n')).toBeLessThan(2000);
    expect(logged(lines, 'shutting down')).toHaveLength(1);
    expect(logged(lines, 'already shutting down: signal ignored').length).toBeGreaterThanOrEqual(1);
    expect(logged(lines, 'shut down')).toHaveLength(1); // then exit(0)
    expect(lines.filter((l) => /forcing the exit|shutdown failed/.test(l))).toEqual([]);

    // and what they wrote is there
    expect(await ctx.db('photos').where({ title: 'Heron' }).first()).toBeTruthy();
    expect(await ctx.db('orders').where({ customer_email: customer.customerEmail }).first()).toBeTruthy();
    expect(await ctx.db('contact_messages').where({ email: 'rosa@example.org' }).first()).toBeTruthy();
    idle.destroy();
  }, 240_000);

  it('a SIGTERM to npm alone (its parent, as systemd KillMode=process sends it) drains the server too', async () => {
    const { url, proc, lines, ended } = await startShop();
    const contact = slowRequest(
      url,
      'POST',
      '/api/contact',
      { name: 'Rosa', email: 'rosa@example.org', message: 'Do you ship to Alaska? '.repeat(10) },
      { pieces: 6, ms: 2000 },
    );
    await contact.sending;
    await new Promise((r) => setTimeout(r, 200));
    process.kill(proc.pid!, 'SIGTERM'); // npm itself, not its group
    expect((await contact.answer).status).toBe(201);
    const endedAt = await Promise.race([
      ended,
      new Promise<number>((r) => setTimeout(() => r(Infinity), 30_000)),
    ]);
    expect(endedAt).toBeLessThan(Infinity);
    expect(alive(proc.pid!)).toEqual([]);
    expect(logged(lines, 'shut down')).toHaveLength(1);
  }, 240_000);

  it('a second Ctrl-C after the grace period forces the exit', async () => {
    const { url, proc, lines, ended } = await startShop();
    const pgid = proc.pid!;
    const stuck = slowRequest(
      url,
      'POST',
      '/api/contact',
      { name: 'Rosa', email: 'r@example.org', message: 'x'.repeat(400) },
      {
        pieces: 40,
        ms: 60_000, // far longer than anyone waits
      },
    );
    const cut = stuck.answer.then(
      () => 'answered',
      () => 'cut',
    );
    await stuck.sending;
    await new Promise((r) => setTimeout(r, 200));
    process.kill(-pgid, 'SIGINT');
    await new Promise((r) => setTimeout(r, 500));
    expect(alive(pgid).length).toBeGreaterThan(0); // still draining
    await new Promise((r) => setTimeout(r, 3000)); // past the grace period
    const forcedAt = Date.now();
    process.kill(-pgid, 'SIGINT');
    const endedAt = await Promise.race([
      ended,
      new Promise<number>((r) => setTimeout(() => r(Infinity), 20_000)),
    ]);
    expect(endedAt - forcedAt).toBeLessThan(5000);
    expect(alive(pgid)).toEqual([]);
    expect(await cut).toBe('cut');
    expect(logged(lines, 'signal repeated while shutting down: forcing the exit')).toHaveLength(1);
  }, 240_000);
});
