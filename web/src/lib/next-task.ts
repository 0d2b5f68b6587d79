/**
 * Resolves in a new task, so the browser can paint and handle input in between. Start-up work is
 * cut into steps with it: on a slow phone no single step blocks the page long enough to be felt.
 */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
