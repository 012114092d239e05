import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiError, type Scope } from './api.js';

export interface Polled<T> {
  readonly data: T | undefined;
  readonly error: string | undefined;
  /** When the data was last loaded. */
  readonly at: Date | undefined;
}

/**
 * Loads now and every `everyMs` (not while the tab is hidden); a 401 calls `onUnauthenticated` (the session
 * ended: the console shows its login again, of the lab or of the console as `scope` says). The last good data
 * stays shown beside an error. `reload` loads at once (after a change the panel made), or as soon as the load
 * under way is done.
 */
export function usePoll<T>(
  load: () => Promise<T>,
  everyMs: number,
  onUnauthenticated: (scope: Scope) => void,
): Polled<T> & { reload: () => void } {
  const [state, setState] = useState<Polled<T>>({ data: undefined, error: undefined, at: undefined });
  const loadRef = useRef(load);
  loadRef.current = load;
  const tickRef = useRef<() => void>(() => undefined);
  useEffect(() => {
    let alive = true;
    let busy = false;
    let again = false;
    const tick = async (asked = false) => {
      if (document.hidden) return;
      if (busy) {
        // a load asked for meanwhile (a reload after a change) runs once this one is done; a timer's tick is dropped
        again ||= asked;
        return;
      }
      busy = true;
      again = false;
      try {
        const data = await loadRef.current();
        if (alive) setState({ data, error: undefined, at: new Date() });
      } catch (error) {
        if (error instanceof ApiError && error.answer.status === 401) {
          // a panel no longer shown (another lab was picked meanwhile) says nothing of the session shown now
          if (alive) onUnauthenticated(error.scope);
          return;
        }
        const message = error instanceof Error ? error.message : String(error);
        if (alive) setState((previous) => ({ ...previous, error: message }));
      } finally {
        busy = false;
      }
      if (again && alive) void tick(true);
    };
    tickRef.current = () => {
      void tick(true);
    };
    void tick();
    const timer = window.setInterval(() => {
      void tick();
    }, everyMs);
    return () => {
      alive = false;
      window.clearInterval(timer);
    };
  }, [everyMs]);
  return { ...state, reload: () => tickRef.current() };
}
