import { api } from '../../../lib/api';
import type {
  AdminUser,
  ChangePasswordInput,
  LoginAnswer,
  LoginInput as Credentials,
} from '../../../lib/api-types';
import { sharedAdminApi } from '../shared/api';

export type { ChangePasswordInput, Credentials };

export const authAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginAnswer, Credentials>({
      query: (body) => ({ url: '/admin/login', method: 'POST', body }),
    }),
    /** Her own password (the one-time one of the first start replaced): who she is now. */
    changePassword: build.mutation<AdminUser, ChangePasswordInput>({
      query: (body) => ({ url: '/admin/password', method: 'POST', body }),
      async onQueryStarted(_input, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(sharedAdminApi.util.upsertQueryData('getAdminUser', undefined, data));
      },
    }),
  }),
});

export const { useLoginMutation, useChangePasswordMutation } = authAdminApi;
