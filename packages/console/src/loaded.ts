import { useEffect, useState } from 'preact/hooks';

/** What a load gave: the data (the last good one stays beside an error) and the error, if any. */
export interface Loaded<T> {
  readonly data: T | undefined;
  readonly error: string | undefined;
}

/**
 * Loads now and whenever one of `keys` changes (a change made elsewhere bumps a counter among them); a load that
 * ends after the next started is ignored.
 */
export function useLoaded<T>(load: () => Promise<T>, keys: readonly unknown[]): Loaded<T> {
  const [state, setState] = useState<Loaded<T>>({ data: undefined, error: undefined });
  useEffect(() => {
    let alive = true;
    load().then(
      (data) => {
        if (alive) setState({ data, error: undefined });
      },
      (error) => {
        if (alive) setState((before) => ({ ...before, error: error instanceof Error ? error.message : String(error) }));
      },
    );
    return () => {
      alive = false;
    };
  }, keys);
  return state;
}
