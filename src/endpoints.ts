// Every endpoint of the API, as each module declares it beside its handler (its `*.routes.ts`),
// and the platform's own. The app builds from these the lists it needs before routing (which
// requests load a session, which answers its response cache keeps) and refuses to start if a
// module mounts another set; src/contract/routes.test.ts checks them against docs/api-contract.md.
import { endpointEdge, type EndpointSpec } from './platform/http/endpoint';
import { versionEndpoints } from './platform/version';
import { adminAuthEndpoints } from './modules/admin-auth';
import { mediaEndpoints } from './modules/media';
import { catalogEndpoints } from './modules/catalog';
import { contentEndpoints } from './modules/content';
import { contactEndpoints } from './modules/contact';
import { cartEndpoints } from './modules/cart';
import { ordersEndpoints, paymentsEndpoints } from './modules/orders';
import { promotionsEndpoints } from './modules/promotions';
import { taxEndpoints } from './modules/tax';
import { fulfillmentEndpoints } from './modules/fulfillment';
import { setupEndpoints } from './modules/setup';
import { editionsEndpoints } from './modules/editions';
import { storefrontPages } from './modules/storefront';
import { fieldUploadsEndpoints } from './modules/field-uploads';
import { rightsEndpoints } from './modules/rights';
import { licenceDeliveryEndpoints, licencesEndpoints } from './modules/licences';
import {
  giftCardDeliveryEndpoints,
  giftCardsAdminEndpoints,
  giftCardsPublicEndpoints,
} from './modules/gift-cards';
import { cartRemindersEndpoints } from './modules/cart-reminders';
import { numbersEndpoints } from './modules/numbers';
import { newsletterAdminEndpoints, newsletterPublicEndpoints } from './modules/newsletter';

export const endpoints: readonly EndpointSpec[] = [
  versionEndpoints,
  adminAuthEndpoints,
  mediaEndpoints,
  catalogEndpoints,
  contentEndpoints,
  contactEndpoints,
  cartEndpoints,
  promotionsEndpoints,
  taxEndpoints,
  ordersEndpoints,
  paymentsEndpoints,
  fulfillmentEndpoints,
  editionsEndpoints,
  licenceDeliveryEndpoints,
  setupEndpoints,
  fieldUploadsEndpoints,
  rightsEndpoints,
  licencesEndpoints,
  giftCardDeliveryEndpoints,
  giftCardsPublicEndpoints,
  giftCardsAdminEndpoints,
  cartRemindersEndpoints,
  numbersEndpoints,
  newsletterPublicEndpoints,
  newsletterAdminEndpoints,
].flatMap((declared): EndpointSpec[] => Object.values(declared));

/** What src/app.ts applies before routing, built from the declarations (and the storefront's pages). */
export const edge = endpointEdge(endpoints, Object.values(storefrontPages));
