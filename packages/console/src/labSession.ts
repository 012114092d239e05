import { useCallback, useEffect, useState } from 'preact/hooks';
import { ApiError, apiBase, call, DEFAULT_LAB, errorMessage, listLabs, type Lab } from './api.js';
import { userKey } from './login.js';

/**
 * The lab named in the page's address: `#lab=training`, or `?lab=training` (the form a link may use); the default
 * lab when none is.
 */
export function addressLab(): string {
  const hash = /(?:^#|&)lab=([^&]+)/.exec(window.location.hash);
  if (hash) return decodeURIComponent(hash[1]!);
  return new URLSearchParams(window.location.search).get('lab') || DEFAULT_LAB;
}

/** The lab the page's address names, followed as the address changes; picking one puts it in the address (#lab=). */
export function useWantedLab(): [string, (name: string) => void] {
  const [wanted, setWanted] = useState<string>(addressLab);
  useEffect(() => {
    const follow = () => setWanted(addressLab());
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);
  const pick = (name: string) => {
    const query = new URLSearchParams(window.location.search);
    if (query.has('lab')) {
      // the address's query named a lab: it gives way to the hash, which a reload keeps
      query.delete('lab');
      const search = query.toString();
      const hash = name === DEFAULT_LAB ? '' : `#lab=${encodeURIComponent(name)}`;
      window.history.replaceState(null, '', `${window.location.pathname}${search ? `?${search}` : ''}${hash}`);
    } else {
      window.location.hash = name === DEFAULT_LAB ? '' : `lab=${encodeURIComponent(name)}`;
    }
    setWanted(name);
  };
  return [wanted, pick];
}

/**
 * The labs (administrators), null for a user who may not list them, undefined while loading; and why not, if so.
 * Read again every 30 s, and at once when the address names a lab the list does not hold (one made since).
 */
export function useLabs(
  wanted: string,
  onUnauthenticated: () => void,
): { labs: Lab[] | null | undefined; labsProblem: string | undefined } {
  const [labs, setLabs] = useState<Lab[] | null | undefined>(undefined);
  const [labsProblem, setLabsProblem] = useState<string | undefined>(undefined);
  const load = useCallback(() => {
    listLabs().then(
      (listed) => {
        setLabs(listed ?? null);
        setLabsProblem(undefined);
      },
      (error) => {
        if (error instanceof ApiError && error.answer.status === 401) {
          onUnauthenticated();
          return;
        }
        setLabsProblem(error instanceof Error ? error.message : String(error));
        setLabs((before) => before ?? null);
      },
    );
  }, []);
  useEffect(() => {
    load();
    const timer = window.setInterval(load, 30_000);
    return () => window.clearInterval(timer);
  }, []);
  useEffect(() => {
    if (labs && !labs.some((lab) => lab.name === wanted)) load();
  }, [wanted]);
  return { labs, labsProblem };
}

/**
 * The session of the lab shown: being checked, to be signed in to (with why, when one this tab held ended),
 * refused (no such lab, or its gateway answers an error), or signed in as a user.
 */
export type LabSession =
  | { readonly state: 'checking' }
  | { readonly state: 'login'; readonly reason?: string }
  | { readonly state: 'refused'; readonly reason: string }
  | { readonly state: 'in'; readonly user: string };

/**
 * The session of one lab (the component holding it is made anew for each lab, so no lab starts from another's
 * state): the console's own for the default lab; another lab's is checked first, nothing of the lab being read
 * before, so a lab never signed in to asks for its sign-in and says nothing ended. It says a session ended only
 * when this tab held one (signed in to the lab earlier) that the lab no longer knows.
 */
export function useLabSession(lab: string, user: string): [LabSession, (session: LabSession) => void] {
  const [labSession, setLabSession] = useState<LabSession>(
    lab === DEFAULT_LAB ? { state: 'in', user } : { state: 'checking' },
  );
  useEffect(() => {
    if (lab === DEFAULT_LAB) return undefined;
    let alive = true;
    call(`${apiBase(lab)}/version/get`, { query: { version: 0 } }).then(
      (answer) => {
        if (!alive) return;
        const held = sessionStorage.getItem(userKey(lab));
        if (answer.status === 200) {
          setLabSession({ state: 'in', user: held ?? 'a user of the lab' });
        } else if (answer.status === 401) {
          sessionStorage.removeItem(userKey(lab));
          setLabSession(
            held ? { state: 'login', reason: `The session of lab ${lab} ended: sign in again.` } : { state: 'login' },
          );
        } else {
          setLabSession({ state: 'refused', reason: errorMessage(answer) });
        }
      },
      () => {
        if (alive) setLabSession({ state: 'login', reason: "The lab's gateway cannot be reached." });
      },
    );
    return () => {
      alive = false;
    };
  }, [lab]);
  return [lab === DEFAULT_LAB ? { state: 'in', user } : labSession, setLabSession];
}
