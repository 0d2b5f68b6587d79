import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from './logger';
import { onShutdown } from './process';

// The signals are emitted on this process's listeners (nothing is really sent); the test runner's
// own listeners, if any, are set aside meanwhile.
const logger = createLogger('silent');
const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));
const removers: (() => void)[] = [];
const signals = ['SIGTERM', 'SIGINT'] as const;
let setAside: [NodeJS.Signals, NodeJS.SignalsListener][] = [];
beforeEach(() => {
  setAside = signals.flatMap((s) =>
    process
      .rawListeners(s)
      .map((l) => [s, l as NodeJS.SignalsListener] as [NodeJS.Signals, NodeJS.SignalsListener]),
  );
  for (const s of signals) process.removeAllListeners(s);
});
afterEach(() => {
  removers.splice(0).forEach((remove) => remove());
  for (const [s, l] of setAside) process.on(s, l);
});

function shutdown(
  close: () => Promise<void>,
  options: { repeatGraceMs?: number; forceAfterMs?: number } = {},
) {
  const exits: number[] = [];
  removers.push(onShutdown(logger, close, { ...options, exit: (code) => void exits.push(code) }));
  return exits;
}

describe('onShutdown', () => {
  it('closes once and exits 0, ignoring the same signal relayed again within the grace period', async () => {
    let closes = 0;
    let finish!: () => void;
    const exits = shutdown(() => {
      closes++;
      return new Promise<void>((r) => (finish = r));
    });
    process.emit('SIGTERM', 'SIGTERM');
    process.emit('SIGTERM', 'SIGTERM'); // relayed by a parent (npm, tsx)
    process.emit('SIGINT', 'SIGINT');
    await tick(10);
    expect(exits).toEqual([]);
    expect(closes).toBe(1);
    finish();
    await tick(10);
    expect(exits).toEqual([0]);
  });

  it('a signal after the grace period forces exit 1', async () => {
    const exits = shutdown(() => new Promise<void>(() => undefined), { repeatGraceMs: 50 });
    process.emit('SIGINT', 'SIGINT');
    await tick(80);
    expect(exits).toEqual([]);
    process.emit('SIGINT', 'SIGINT');
    expect(exits).toEqual([1]);
  });

  it('exits 1 when closing takes longer than the force timeout, or fails', async () => {
    const hung = shutdown(() => new Promise<void>(() => undefined), { forceAfterMs: 50 });
    process.emit('SIGTERM', 'SIGTERM');
    await tick(100);
    expect(hung).toEqual([1]);
    removers.splice(0).forEach((remove) => remove());
    const failed = shutdown(() => Promise.reject(new Error('pool would not close')));
    process.emit('SIGTERM', 'SIGTERM');
    await tick(10);
    expect(failed).toEqual([1]);
  });
});
