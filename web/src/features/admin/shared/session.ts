import { useCallback } from 'react';
import { useOutletContext } from 'react-router';
import { isApiError } from '../../../lib/api';
import { useAppDispatch } from '../../../lib/hooks';
import { sharedAdminApi } from './api';

/**
 * A write answered 401 means the session ended while the owner was working: re-checking the
 * session lets the protection wrapper send her to sign in, with its toast.
 */
export function useSessionExpiryCheck(): (err: unknown) => void {
  const dispatch = useAppDispatch();
  return useCallback(
    (err: unknown) => {
      if (isApiError(err) && err.status === 401) dispatch(sharedAdminApi.util.invalidateTags(['AdminUser']));
    },
    [dispatch],
  );
}

/** What the protection wrapper (auth/require-admin.tsx) gives the screens inside it. */
export type AdminSessionContext = {
  /** Called once logout succeeded: the session check may answer 401 before sign-in is shown. */
  markSignedOut: () => void;
};

export function useAdminSession(): AdminSessionContext {
  return useOutletContext<AdminSessionContext>();
}
