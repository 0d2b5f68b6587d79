/** The shop day ('YYYY-MM-DD', in SHOP_TIME_ZONE) of an instant; a formatter per zone, made once. */
const formats = new Map<string, Intl.DateTimeFormat>();

export function shopDayOf(instant: number, zone: string): string {
  let f = formats.get(zone);
  if (!f) {
    // en-CA writes dates as YYYY-MM-DD
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formats.set(zone, f);
  }
  return f.format(instant);
}
