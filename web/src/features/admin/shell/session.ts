import { useCallback } from 'react';
import { isApiError } from '../../../lib/api';
import { useAppDispatch } from '../../../lib/hooks';
import { adminApi } from '../api';

/**
 * A write answered 401 means the session ended while the owner was working: re-checking the
 * session lets the protection wrapper send her to sign in, with its toast.
 */
export function useSessionExpiryCheck(): (err: unknown) => void {
  const dispatch = useAppDispatch();
  return useCallback(
    (err: unknown) => {
      if (isApiError(err) && err.status === 401) dispatch(adminApi.util.invalidateTags(['AdminUser']));
    },
    [dispatch],
  );
}
