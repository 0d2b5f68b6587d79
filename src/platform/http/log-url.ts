/**
 * A request's address as the logs keep it: without the secrets some addresses carry (a payment
 * client secret in the query, the print lab's webhook secret and file signatures in the path).
 */
export function logUrl(url: string): string {
  return url
    .replace(/([?&]secret=)[^&]*/, '$1[redacted]')
    .replace(/^(\/api\/webhooks\/lab\/(?:[a-z][a-z0-9-]*\/)?)[^/?]+/, '$1[redacted]')
    .replace(/^(\/api\/lab-files\/\d+\/\d+\/)[^/?]+/, '$1[redacted]');
}
