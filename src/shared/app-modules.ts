/**
 * A rendered page's head holds, in a <template> of this id, a module preload for each chunk its
 * app runs to become interactive: the server writes it (src/platform/http/app-modules.ts) and the
 * app adds it when it starts (web/src/lib/app-modules.ts). Inert until then.
 */
export const APP_MODULES_ID = 'app-modules';
