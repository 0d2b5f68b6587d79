import { describe, expect, it } from 'vitest';
import { createNamedRegistry } from './registry';

describe('createNamedRegistry', () => {
  it('keeps every plug-in with its name, in the order added', () => {
    const rules = createNamedRegistry<number>('Offer rule');
    rules.add('fulfillment.resolution', 1);
    rules.add('editions.sold-out', 2);
    expect(rules.entries()).toEqual([
      { name: 'fulfillment.resolution', plugIn: 1 },
      { name: 'editions.sold-out', plugIn: 2 },
    ]);
  });

  it('refuses a second plug-in under a name already taken (it would replace the first)', () => {
    const holds = createNamedRegistry<string>('Checkout hold');
    holds.add('promotions.code-use', 'first');
    expect(() => holds.add('promotions.code-use', 'second')).toThrow(
      'Checkout hold "promotions.code-use" is registered twice',
    );
    expect(holds.entries().map((e) => e.plugIn)).toEqual(['first']);
  });

  it('refuses a name that does not say its module', () => {
    const holds = createNamedRegistry<string>('Checkout hold');
    expect(() => holds.add('codeHold', 'x')).toThrow('must be named module.what-it-does');
    expect(holds.entries()).toEqual([]);
  });
});
