const number = (n: number) => n.toLocaleString('en-US');

/** A number of confirmed subscribers, for the Send button and its question. */
export const subscribersText = (n: number) => `${number(n)} subscriber${n === 1 ? '' : 's'}`;

/**
 * When they get it at her rate (the send job's rule: at most `rate` in any hour): all at once, or
 * the first hour's now and the rest over the hours after.
 */
export function sendPace(count: number, rate: number): string {
  const perHour = `At ${number(rate)} e-mail${rate === 1 ? '' : 's'} an hour`;
  if (count <= rate) return `${perHour}, ${count === 1 ? 'it goes' : `all ${number(count)} go`} out at once.`;
  const hours = Math.ceil(count / rate) - 1;
  return `${perHour}, ${number(rate)} ${rate === 1 ? 'goes' : 'go'} out now and the rest over the next ${hours === 1 ? 'hour' : `${number(hours)} hours`}.`;
}
