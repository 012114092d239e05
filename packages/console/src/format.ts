/** hh:mm:ss of an ISO instant, in the browser's time zone. */
export function clock(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleTimeString([], { hour12: false });
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
