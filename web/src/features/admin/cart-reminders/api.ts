import type { CartReminderSettings, CartReminderSettingsInput } from '@contract';
import { api } from '../../../lib/api';

export type { CartReminderSettings };

// 'CartReminders' is this feature's own tag: a save refetches the settings and their counts.
export const cartRemindersAdminApi = api
  .enhanceEndpoints({ addTagTypes: ['CartReminders'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getCartReminderSettings: build.query<CartReminderSettings, void>({
        query: () => ({ url: '/admin/cart-reminders/settings', cache: 'no-store' }),
        providesTags: ['CartReminders'],
      }),
      saveCartReminderSettings: build.mutation<CartReminderSettings, CartReminderSettingsInput>({
        query: (body) => ({ url: '/admin/cart-reminders/settings', method: 'PUT', body }),
        invalidatesTags: ['CartReminders'],
      }),
    }),
  });

export const { useGetCartReminderSettingsQuery, useSaveCartReminderSettingsMutation } = cartRemindersAdminApi;
