import type { AppContext } from '../../platform/context';
import type { HttpModule } from '../../platform/module';
import type { DomainEventBus } from '../../domain-events';
import type { CatalogModule } from '../catalog';
import { createCartRepository } from './cart.repository';
import { createCartRoutes } from './cart.routes';

export { cartEndpoints } from './cart.routes';
import { createCartService, type LicenceLookup } from './cart.service';
import type { GiftCardLookup } from './cart-gift-cards';

export type { GiftCardLookup } from './cart-gift-cards';
export type {
  LicenceLookup,
  PricedCart,
  PricedGiftCardLine,
  PricedLicenceLine,
  PricedLine,
  PricedPrintLine,
  PrintOptionLookup,
} from './cart.service';
export { lineSums, orderMoney, type MoneyLine, type OrderMoney } from './order-money';

export function createCartModule(
  ctx: AppContext,
  deps: {
    catalog: CatalogModule;
    /** what is sold now of licences (the licences module's `createLicenceOffers`) */
    licenceOffers: Pick<LicenceLookup, 'find'>;
    /**
     * what she offers of gift cards (the gift-cards module's `createGiftCardOffers`): her switch,
     * and the photos a card may show (none picked: any public photo)
     */
    giftCardOffers: Pick<GiftCardLookup, 'enabled'> & { offeredPhotoIds(): Promise<number[]> };
    events: DomainEventBus;
  },
) {
  // a licence of a photo that is not public (a draft, archived) is not sold; nor a card showing one
  async function publicPhoto(photoId: number) {
    const photo = await deps.catalog.service.findPhotoDetail(photoId);
    return photo && { id: photo.id, title: photo.title, thumbnailUrl: photo.thumbnailUrl };
  }
  const service = createCartService(
    createCartRepository(ctx.db),
    deps.catalog.service,
    { find: (pairs) => deps.licenceOffers.find(pairs), publicPhoto },
    {
      timeZone: ctx.config.SHOP_TIME_ZONE,
      enabled: () => deps.giftCardOffers.enabled(),
      async photo(photoId) {
        const offered = await deps.giftCardOffers.offeredPhotoIds();
        return offered.length && !offered.includes(photoId) ? null : publicPhoto(photoId);
      },
    },
  );
  // The cart a paid order came from is emptied (clearing twice changes nothing).
  deps.events.subscribe('order.paid', 'cart.clear-paid-cart', async ({ cartId }) => {
    if (cartId) await service.clear(cartId);
  });
  const module = {
    /** getCart(cartId), getPricedCart(cartId), clear(cartId), deleteStaleCarts() and the writes. */
    service,
    endpoints: () => createCartRoutes(service),
  };
  return module satisfies HttpModule;
}
export type CartModule = ReturnType<typeof createCartModule>;
