/** Where the app keeps its saved public answers (api-cache.ts), in localStorage. */
export const STORAGE_KEY = 'wildframe:api-cache';

/** Dispatched on window when the saved answers are dropped: the app forgets its copy in memory too. */
export const FORGET_SAVED_EVENT = 'wildframe:forget-saved-answers';

/**
 * Drops every saved answer (a photo's public place changed: an earlier visit's answers may hold the
 * exact one); answers fetched from now on are saved again. Free of the app's code: a storefront
 * page's islands run it too.
 */
export function forgetSavedApiAnswers(): void {
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // blocked storage: nothing was saved
  }
  window.dispatchEvent(new Event(FORGET_SAVED_EVENT));
}
