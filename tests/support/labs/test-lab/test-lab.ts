import { z } from 'zod';
import {
  LabError,
  type AnyLabProvider,
  type LabProvider,
  type LabProviderDefinition,
} from '../../../../src/modules/fulfillment';

/**
 * A third print lab, defined outside the shop's code (a test's own): its settings (a studio
 * code), its product reference (a SKU and a finish) each checked by its own zod schema, and an
 * in-memory lab it talks to. It plugs in through `createModules`' `extraLabs` alone: no shared
 * lab file names it.
 */

export const STUDIO_CODE_MESSAGE =
  'The studio code is two capital letters, a dash and four digits (AB-1234).';
const studioSettingsSchema = z.object({
  studioCode: z
    .string({ error: STUDIO_CODE_MESSAGE })
    .regex(/^[A-Z]{2}-\d{4}$/, STUDIO_CODE_MESSAGE)
    .nullable()
    .default(null),
});
type StudioSettings = z.infer<typeof studioSettingsSchema>;

const studioProductSchema = z.object({
  sku: z.string().regex(/^TS-[A-Z]+$/),
  finish: z.enum(['gloss', 'matte']).nullable(),
});
type StudioProduct = z.infer<typeof studioProductSchema>;

/** What the in-memory lab was asked: the orders it made, with the studio they went to. */
export type TestLabState = {
  orders: { orderNumber: string; externalId: string; studioCode: string; items: unknown[] }[];
  webhooks: string[];
};

export const TEST_LAB_KEY = 'test-studio-key';
const CATALOGUE = [
  {
    id: 'prints',
    name: 'Studio Prints',
    products: [
      {
        id: 'TS-FINEART',
        name: 'Studio Fine Art',
        minWidth: 4,
        maxWidth: 40,
        minHeight: 4,
        maxHeight: 40,
        requiredDpi: 200,
      },
    ],
  },
];

/** The test lab's definition and what it was asked (one state per test app). */
export function createTestLab() {
  const state: TestLabState = { orders: [], webhooks: [] };
  const definition: LabProviderDefinition<StudioSettings, StudioProduct> = {
    id: 'teststudio',
    name: 'Test Studio',
    description: 'A print studio only the tests know.',
    usesSecret: false,
    settingFields: [
      {
        key: 'studioCode',
        label: 'Studio',
        help: 'Orders are made in this studio.',
        saved: 'Orders are made in studio {value}.',
        choose: 'the studio',
        list: 'your studios',
      },
    ],
    lookupSubjects: 'the studio, product or order',
    shippingMethods: [{ id: 'courier', name: 'Courier' }],
    productionTimes: [{ id: 'standard', name: 'Standard' }],
    settingsSchema: studioSettingsSchema,
    defaultSettings: { studioCode: null },
    productRefSchema: studioProductSchema,
    baseUrl: () => 'memory:',
    connect(credentials, settings): LabProvider {
      const key = async () => {
        if (credentials.apiKey !== TEST_LAB_KEY) throw new LabError('refused', 'Unknown key', 401);
      };
      return {
        id: 'teststudio',
        keepsIdempotencyKeys: true,
        async checkConnection() {
          await key();
          return { choices: { studioCode: [{ id: 'AB-1234', name: 'Main studio (AB-1234)' }] }, note: null };
        },
        catalogue: async () => CATALOGUE,
        productOptions: async () => [
          {
            group: 'Finish',
            options: [
              { id: 'gloss', name: 'Gloss' },
              { id: 'matte', name: 'Matte' },
            ],
          },
        ],
        productCost: async () => 1234,
        shippingCost: async () => 500,
        checkImage: async () => ({ ok: true, message: '' }),
        async createOrder(order) {
          await key();
          const orderNumber = `TS-${state.orders.length + 1}`;
          state.orders.push({
            orderNumber,
            externalId: order.externalId,
            studioCode: settings.studioCode!,
            items: order.items,
          });
          return { orderNumber };
        },
        findByExternalId: async (externalId) => state.orders.find((o) => o.externalId === externalId) ?? null,
        order: async (orderNumber) => ({
          orderNumber,
          externalId: null,
          status: 'Received',
          shipments: [],
          shippingCents: null,
        }),
        registerWebhook: async (url) => {
          state.webhooks.push(url);
        },
      };
    },
    missingSetting: (s) => (s.studioCode ? null : { field: 'studioCode', message: 'Choose the studio.' }),
    productRef: (choice) => ({ sku: choice.id, finish: choice.optionIds[0] ?? null }),
    productChoice: (ref) => ({ id: ref.sku, optionIds: ref.finish ? [ref.finish] : [] }),
    orderNumberOfCallback: (body) => (body as { ref?: string } | null)?.ref ?? null,
  };
  return { definition: definition as AnyLabProvider, state };
}
