/**
 * The general sales tax rates we know, each with the day it took effect, as its state's tax agency
 * publishes it (the admin links the source). "Rate last changed" is this date when the owner's
 * rate is the official one, and unknown (null) otherwise: never the day she saved it.
 */
export const RATE_PRESETS: Readonly<Record<string, { rate: number; since: Date }>> = {
  // the District's general rate, raised from 6 % on 1 October 2025
  DC: { rate: 6.5, since: new Date('2025-10-01T00:00:00-04:00') },
  // Maryland's 6 %, raised from 5 % on 3 January 2008
  MD: { rate: 6, since: new Date('2008-01-03T00:00:00-05:00') },
  // Virginia's statewide 5.3 % (4.3 % state, 1 % local), from 1 July 2013; some regions add more
  VA: { rate: 5.3, since: new Date('2013-07-01T00:00:00-04:00') },
};

/** When the official rate of `state` took effect, if `rate` is that rate; else null (not known). */
export function officialRateSince(state: string, rate: number): Date | null {
  const preset = RATE_PRESETS[state.toUpperCase()];
  return preset && preset.rate === rate ? preset.since : null;
}
