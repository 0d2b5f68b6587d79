import { describe, expect, it } from 'vitest';
import { checkRegistry, jobNames, type HandlerMap, type QueueName } from './queue';

const ok = async () => ({ outcome: 'done' as const });
const complete = (): HandlerMap[] =>
  (Object.keys(jobNames) as QueueName[]).map((queue) => ({
    queue,
    handlers: Object.fromEntries(jobNames[queue].map((n) => [n, ok])),
  }));

describe('job registry', () => {
  it('accepts exactly one handler per job name', () => {
    expect(() => checkRegistry(complete())).not.toThrow();
  });

  it('refuses to start when a job has no handler', () => {
    const maps = complete().filter((m) => m.queue !== 'mail');
    expect(() => checkRegistry(maps)).toThrow('mail/send-email has 0 handlers');
  });

  it('refuses two handlers for one job and handlers for unknown jobs', () => {
    const maps = [...complete(), { queue: 'mail' as const, handlers: { 'send-email': ok, 'send-fax': ok } }];
    expect(() => checkRegistry(maps)).toThrow(
      /mail\/send-email has 2 handlers[\s\S]*mail\/send-fax is not a known job/,
    );
  });
});
