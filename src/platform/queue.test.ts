import { describe, expect, it } from 'vitest';
import { eventJobs } from './events';
import { mailJobs } from './outbox';
import { checkRegistry, createJobRegistry, type JobRegistration } from './queue';

// the platform's own jobs stand for any catalog: the registry knows no job names of its own
const catalog = { ...mailJobs, ...eventJobs };
const ok = async () => ({ outcome: 'done' as const });
const complete = (): JobRegistration[] =>
  Object.entries(catalog).flatMap(([queue, names]) =>
    Object.keys(names).map((name) => ({ queue, name, handler: ok })),
  );

describe('job registry', () => {
  it('accepts exactly one handler per job name', () => {
    expect(() => checkRegistry(catalog, complete())).not.toThrow();
    const jobs = createJobRegistry(catalog);
    jobs.handle('mail', 'send-email', ok);
    jobs.handle('events', 'deliver', ok);
    expect(() => jobs.check()).not.toThrow();
  });

  it('refuses to start when a job has no handler', () => {
    const maps = complete().filter((m) => m.queue !== 'mail');
    expect(() => checkRegistry(catalog, maps)).toThrow('mail/send-email has 0 handlers');
    const jobs = createJobRegistry(catalog);
    jobs.handle('events', 'deliver', ok);
    expect(() => jobs.check()).toThrow('mail/send-email has 0 handlers');
  });

  it('refuses two handlers for one job and handlers for unknown jobs', () => {
    const maps = [
      ...complete(),
      { queue: 'mail', name: 'send-email', handler: ok },
      { queue: 'mail', name: 'send-fax', handler: ok },
    ];
    expect(() => checkRegistry(catalog, maps)).toThrow(
      /mail\/send-email has 2 handlers[\s\S]*mail\/send-fax is not a known job/,
    );
  });
});
