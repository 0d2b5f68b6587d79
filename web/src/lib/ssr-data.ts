/**
 * What the server hands to the browser with a rendered page, in a non-executable
 * <script type="application/json" id="wf-ssr"> (the CSP allows no inline script): the site's
 * public address and the RTK Query answers the page was rendered from, which the browser puts in
 * its store before hydrating, so it asks for none of them again.
 */
export const SSR_DATA_ID = 'wf-ssr';

export type SsrQueryEntry = { endpointName: string; arg: unknown; value: unknown };
export type SsrData = { origin: string; queries: SsrQueryEntry[] };

/** JSON for a <script> data block: nothing in it can close the element or open a comment. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
