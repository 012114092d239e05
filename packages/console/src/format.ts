/** hh:mm:ss of an ISO instant, in the browser's time zone. */
export function clock(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleTimeString([], { hour12: false });
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * The date (yyyy-mm-dd) and the time (hh:mm:ss) of an instant in the browser's time zone: the lab's instants as
 * the lab clock gave them, which may be on another day than the wall clock's.
 */
export function dateAndTime(iso: string | null | undefined): { date: string; time: string } | undefined {
  if (!iso) return undefined;
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return undefined;
  return {
    date: `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}`,
    time: `${two(at.getHours())}:${two(at.getMinutes())}:${two(at.getSeconds())}`,
  };
}

/** The browser's time zone, as the console's times are shown in it (`Europe/Berlin`, or `UTC+01:00`). */
export function timeZone(): string {
  const named = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (named) return named;
  const offset = -new Date().getTimezoneOffset();
  return `UTC${offset < 0 ? '-' : '+'}${two(Math.floor(Math.abs(offset) / 60))}:${two(Math.abs(offset) % 60)}`;
}

/** 1:05 or 1:02:05 */
export function duration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const hh = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return hh > 0 ? `${hh}:${String(mm).padStart(2, '0')}:${ss}` : `${mm}:${ss}`;
}

/** host:port/transport */
export function endpoint(value: { host: string; port: number; transport: string } | undefined): string {
  return value ? `${value.host}:${value.port}/${value.transport}` : '—';
}
