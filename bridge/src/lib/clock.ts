/** The bridge's sense of time, passed in so that tests can move it (rate-limit windows, analytics windows). */
export interface Clock {
  now: () => Date;
}

export const systemClock: Clock = { now: () => new Date() };

export function isoNow(clock: Clock): string {
  return clock.now().toISOString();
}
