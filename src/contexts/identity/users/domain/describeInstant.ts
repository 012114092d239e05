function pad(value: number): string {
  return value < 10 ? `0${value}` : String(value);
}

/**
 * An instant as the identity context's messages name it (`UTC 2026-03-01 08:15:00`). A message is prose for
 * people, so it does not follow the request's dateFormat; the wire's date rendering stays in interface/http.
 */
export function describeInstant(date: Date): string {
  return (
    `UTC ${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`
  );
}
