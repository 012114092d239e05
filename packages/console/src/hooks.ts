import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiError } from './api.js';

export interface Polled<T> {
  readonly data: T | undefined;
  readonly error: string | undefined;
  /** When the data was last loaded. */
  readonly at: Date | undefined;
}

/**
 * Loads now and every `everyMs` (not while the tab is hidden); a 401 calls `onUnauthenticated` (the session
 * ended: the console shows its login again). The last good data stays shown beside an error.
 */
export function usePoll<T>(load: () => Promise<T>, everyMs: number, onUnauthenticated: () => void): Polled<T> {
  const [state, setState] = useState<Polled<T>>({ data: undefined, error: undefined, at: undefined });
  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    let alive = true;
    let busy = false;
    const tick = async () => {
      if (busy || document.hidden) return;
      busy = true;
      try {
        const data = await loadRef.current();
        if (alive) setState({ data, error: undefined, at: new Date() });
      } catch (error) {
        if (error instanceof ApiError && error.answer.status === 401) { onUnauthenticated(); return; }
        const message = error instanceof Error ? error.message : String(error);
        if (alive) setState((previous) => ({ ...previous, error: message }));
      } finally {
        busy = false;
      }
    };
    void tick();
    const timer = window.setInterval(() => { void tick(); }, everyMs);
    return () => { alive = false; window.clearInterval(timer); };
  }, [everyMs]);
  return state;
}
