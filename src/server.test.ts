import { describe, expect, it } from 'vitest';
import { printStartBanner } from './server';

describe('the start banner', () => {
  it('prints a first admin password on a line of its own, in one write', () => {
    const writes: string[] = [];
    printStartBanner('http://localhost:3000', { username: 'admin', password: 'Xy12abCD' }, (text) =>
      writes.push(text),
    );
    expect(writes).toHaveLength(1);
    const lines = writes[0].split('\n');
    expect(lines).toContain('  one-time admin password: Xy12abCD');
    expect(lines.filter((line) => line.includes('Xy12abCD'))).toHaveLength(1);
    expect(writes[0]).toContain('Admin sign-in: http://localhost:3000/admin');
  });

  it('prints no password line when no admin was created', () => {
    const writes: string[] = [];
    printStartBanner('http://localhost:3000', null, (text) => writes.push(text));
    expect(writes.join('')).not.toContain('password');
  });
});
