import { describe, expect, it } from 'vitest';
import { createNamedRegistry } from '../../platform/registry';
import { offered, type OfferRule } from './catalog.types';

const options = [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }];

describe('offered (the offer rules)', () => {
  it('offers every option while no rule is added', async () => {
    expect(await offered(createNamedRegistry<OfferRule>('Offer rule'), 7, options)).toEqual(options);
  });

  it('asks every rule and hides what any of them hides', async () => {
    const rules = createNamedRegistry<OfferRule>('Offer rule');
    const asked: string[] = [];
    rules.add('fulfillment.resolution-guard', async (photoId, ids) => {
      asked.push(`resolution ${photoId} ${ids.join(',')}`);
      return new Set([2]);
    });
    rules.add('editions.sold-out', async (photoId, ids) => {
      asked.push(`editions ${photoId} ${ids.join(',')}`);
      return new Set([2, 4]);
    });
    expect(await offered(rules, 7, options)).toEqual([{ id: 1 }, { id: 3 }]);
    expect(asked).toEqual(['resolution 7 1,2,3,4', 'editions 7 1,2,3,4']);
  });
});
