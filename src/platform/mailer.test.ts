import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { mailSender } from './mailer';

describe('the sender of every mail', () => {
  it("is the shop's name at MAIL_FROM's address, bare or with a name of its own", () => {
    const shop = 'Refuge Light Photography';
    expect(mailSender('prints@refuge.example', shop)).toEqual({
      name: shop,
      address: 'prints@refuge.example',
    });
    expect(mailSender('Wildframe <no-reply@localhost>', shop)).toEqual({
      name: shop,
      address: 'no-reply@localhost',
    });
    expect(mailSender('"Dana, prints" <dana@refuge.example>', 'Ada\nMarsh')).toEqual({
      name: 'Ada Marsh',
      address: 'dana@refuge.example',
    });
  });

  it('refuses a MAIL_FROM without an address, at start', () => {
    expect(() => mailSender('Wildframe', 'Shop')).toThrow(/MAIL_FROM holds no e-mail address/);
    expect(() => loadConfig({ NODE_ENV: 'test', MAIL_FROM: 'Wildframe' })).toThrow(
      /MAIL_FROM: must be an e-mail address/,
    );
    expect(loadConfig({ NODE_ENV: 'test' }).MAIL_FROM).toBe('no-reply@localhost');
  });
});
