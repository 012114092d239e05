import { h } from 'preact';
import { useCallback, useEffect, useMemo, useState } from 'preact/hooks';
import htm from 'htm';
import {
  apiBase,
  call,
  DEFAULT_LAB,
  errorMessage,
  labGateway,
  listLabs,
  ApiError,
  type Lab,
  type LabClock,
  type LabGateway,
  type Scope,
} from './api.js';
import { ClockPanel, FaultsPanel, labNow, modeText, useTick } from './control.js';
import { usePoll, type Polled } from './hooks.js';
import { CallHistory, CallLadder, GatewayOverview, LiveSessions, nodeNames, TrafficCharts } from './panels.js';
import { SipPanel } from './sipPanel.js';
import { DashboardPanel } from './dashboardPanel.js';
import { ConfigureView, ViewTabs, type LabViewName } from './configureView.js';
import { TrafficPanel } from './trafficPanel.js';

const html = htm.bind(h);
const USER_KEY = 'gwsim-console-user';

/** Where the user of a lab's session is kept for this tab (the default lab's under the console's own key). */
function userKey(lab: string): string {
  return lab === DEFAULT_LAB ? USER_KEY : `${USER_KEY}:${lab}`;
}

/**
 * The login: the gateway's own users (of the lab named, the default lab's for the console itself), checked by the
 * lab's gateway (Basic credentials on one call, which answers with the session cookie the lab's other calls then
 * carry; a lab's cookie has the lab's path, so the default lab's session stays). The password is never stored.
 */
function Login(props: { lab: string; onLogin: (user: string) => void; reason: string | undefined; inline?: boolean }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setProblem(undefined);
    try {
      const answer = await call(`${apiBase(props.lab)}/version/get`, {
        query: { version: 0 },
        basic: { username, password },
      });
      if (answer.status === 200) {
        sessionStorage.setItem(userKey(props.lab), username);
        props.onLogin(username);
      } else {
        setProblem(errorMessage(answer));
      }
    } catch (error) {
      setProblem(`the gateway cannot be reached (${error instanceof Error ? error.message : String(error)})`);
    } finally {
      setBusy(false);
    }
  };
  const ofLab = props.lab !== DEFAULT_LAB;
  return html`<main class=${props.inline ? 'login inline' : 'login'}>
    <form onSubmit=${submit} data-testid=${ofLab ? 'lab-login' : 'login'}>
      <h1>${ofLab ? `Sign in to lab ${props.lab}` : 'gwsim console'}</h1>
      <p class="muted">
        ${ofLab ? `Sign in with a user of the lab ${props.lab} (each lab has its own users); the console stays signed in to the default lab.` : 'Sign in with a user of this gateway.'}
      </p>
      ${props.reason ? html`<p class="notice">${props.reason}</p>` : ''}
      <label
        >User
        <input
          name="username"
          autocomplete="username"
          required
          value=${username}
          onInput=${(e: Event) => setUsername((e.target as HTMLInputElement).value)}
      /></label>
      <label
        >Password
        <input
          name="password"
          type="password"
          autocomplete="current-password"
          required
          value=${password}
          onInput=${(e: Event) => setPassword((e.target as HTMLInputElement).value)}
      /></label>
      ${problem ? html`<p class="problem" role="alert" data-testid="login-problem">${problem}</p>` : ''}
      <button type="submit" disabled=${busy}>${busy ? 'Signing in…' : 'Sign in'}</button>
    </form>
  </main>`;
}

/** The lab named in the page's address (#lab=training), the default lab when none is. */
export function hashLab(): string {
  const match = /(?:^#|&)lab=([^&]+)/.exec(window.location.hash);
  return match ? decodeURIComponent(match[1]!) : DEFAULT_LAB;
}

/** The session of the chosen lab: being checked, to be signed in to (with why), or signed in as a user. */
type LabSession =
  | { readonly state: 'checking' }
  | { readonly state: 'login'; readonly reason?: string }
  | { readonly state: 'in'; readonly user: string };

/** The labs (administrators), null for a user who may not list them, undefined while loading; and why not, if so. */
function useLabs(onUnauthenticated: () => void): { labs: Lab[] | null | undefined; labsProblem: string | undefined } {
  const [labs, setLabs] = useState<Lab[] | null | undefined>(undefined);
  const [labsProblem, setLabsProblem] = useState<string | undefined>(undefined);
  useEffect(() => {
    listLabs().then(
      (listed) => setLabs(listed ?? null),
      (error) => {
        if (error instanceof ApiError && error.answer.status === 401) {
          onUnauthenticated();
          return;
        }
        setLabsProblem(error instanceof Error ? error.message : String(error));
        setLabs(null);
      },
    );
  }, []);
  return { labs, labsProblem };
}

/** The lab the page's address names, followed as the address changes; picking one puts it in the address. */
function useWantedLab(): [string, (name: string) => void] {
  const [wanted, setWanted] = useState<string>(hashLab);
  useEffect(() => {
    const follow = () => setWanted(hashLab());
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);
  const pick = (name: string) => {
    window.location.hash = name === DEFAULT_LAB ? '' : `lab=${encodeURIComponent(name)}`;
    setWanted(name);
  };
  return [wanted, pick];
}

/**
 * The session of the lab shown: the console's own for the default lab; another lab needs a session of its own:
 * is one held (its cookie), or is a sign-in due?
 */
function useLabSession(lab: string, user: string): [LabSession, (session: LabSession) => void] {
  const [labSession, setLabSession] = useState<LabSession>({ state: 'checking' });
  useEffect(() => {
    if (lab === DEFAULT_LAB) {
      setLabSession({ state: 'in', user });
      return;
    }
    let alive = true;
    setLabSession({ state: 'checking' });
    call(`${apiBase(lab)}/version/get`, { query: { version: 0 } }).then(
      (answer) => {
        if (!alive) return;
        const held = sessionStorage.getItem(userKey(lab));
        setLabSession(answer.status === 200 ? { state: 'in', user: held ?? 'a user of the lab' } : { state: 'login' });
      },
      () => {
        if (alive) setLabSession({ state: 'login', reason: "The lab's gateway cannot be reached." });
      },
    );
    return () => {
      alive = false;
    };
  }, [lab, user]);
  return [labSession, setLabSession];
}

function Dashboard(props: { user: string; onUnauthenticated: () => void; onSwitch: () => void }) {
  const { onUnauthenticated } = props;
  const { labs, labsProblem } = useLabs(onUnauthenticated);
  const [wanted, pick] = useWantedLab();
  // the lab shown: the one the address names when it is listed, else the default lab
  const lab = labs && labs.some((entry) => entry.name === wanted) ? wanted : DEFAULT_LAB;
  const gw = useMemo(() => labGateway(lab), [lab]);
  const [labSession, setLabSession] = useLabSession(lab, props.user);

  /** A 401: of the lab's own session (another lab than the default), sign in to the lab; else to the console. */
  const ended = useCallback(
    (scope: Scope) => {
      if (scope === 'lab' && lab !== DEFAULT_LAB) {
        sessionStorage.removeItem(userKey(lab));
        setLabSession({ state: 'login', reason: `The session of lab ${lab} ended: sign in again.` });
      } else {
        onUnauthenticated();
      }
    },
    [lab, onUnauthenticated],
  );

  return html`<${LabView}
    key=${lab}
    lab=${lab}
    gw=${gw}
    labs=${labs}
    labsProblem=${labsProblem}
    labSession=${labSession}
    user=${props.user}
    onSwitch=${props.onSwitch}
    onPick=${pick}
    onLabLogin=${(user: string) => setLabSession({ state: 'in', user })}
    onUnauthenticated=${ended}
  />`;
}

/**
 * The console for one lab (remounted when another lab is picked): the header with the lab selector and the lab's
 * clock, then the lab's sign-in or its panels. The lab's clock is read once for the header and the clock panel.
 */
function LabView(props: {
  lab: string;
  gw: LabGateway;
  labs: Lab[] | null | undefined;
  labsProblem: string | undefined;
  labSession: LabSession;
  user: string;
  onSwitch: () => void;
  onPick: (lab: string) => void;
  onLabLogin: (user: string) => void;
  onUnauthenticated: (scope: Scope) => void;
}) {
  const { lab, gw, labs, labSession } = props;
  const clock = usePoll(gw.clock, 5000, props.onUnauthenticated);
  useTick(1000);
  const labClock = clock.data;
  return html`<div class="console">
    <header>
      <h1>gwsim console</h1>
      ${
        labs
          ? html`<label class="lab-select"
              >lab
              <select
                data-testid="lab-select"
                value=${lab}
                onChange=${(e: Event) => props.onPick((e.target as HTMLSelectElement).value)}
              >
                ${labs.map((entry) => html`<option key=${entry.name} value=${entry.name}>${entry.displayName && entry.displayName !== entry.name ? `${entry.name} (${entry.displayName})` : entry.name}</option>`)}
              </select></label
            >`
          : html`<span class="muted" data-testid="lab-name">lab ${lab}</span>`
      }
      ${labClock ? html`<span class="muted" data-testid="lab-clock" data-now=${labNow(labClock, clock.at).toISOString()} title="the lab's gateway clock (gwsim clock)">lab time ${labNow(labClock, clock.at).toLocaleString([], { hour12: false })}${labClock.mode === 'real' && labClock.offsetSeconds === 0 ? '' : ` (${modeText(labClock)})`}</span>` : ''}
      <nav>
        <a href="/_sim/docs" target="_blank" rel="noopener">API documentation</a>
        ${lab !== DEFAULT_LAB && labSession.state === 'in' ? html`<span data-testid="lab-user">in lab ${lab} as <strong>${labSession.user}</strong></span>` : ''}
        <span data-testid="user">signed in as <strong>${props.user}</strong></span>
        <button type="button" class="link" onClick=${props.onSwitch}>sign in as another user</button>
      </nav>
    </header>
    ${props.labsProblem ? html`<p class="problem pad" role="alert">The labs cannot be listed: ${props.labsProblem}</p>` : ''}
    ${
      labs === undefined || labSession.state === 'checking'
        ? html`<p class="muted pad">Loading…</p>`
        : labSession.state === 'login'
          ? html`<${Login} lab=${lab} inline=${true} reason=${labSession.reason} onLogin=${props.onLabLogin} />`
          : html`<${LabPanels}
              gw=${gw}
              admin=${labs !== null}
              clock=${clock}
              onUnauthenticated=${props.onUnauthenticated}
            />`
    }
  </div>`;
}

/** The panels of one lab, in two views: what its gateway does (the default), and its configuration. */
function LabPanels(props: {
  gw: LabGateway;
  admin: boolean;
  clock: Polled<LabClock | undefined> & { reload: () => void };
  onUnauthenticated: (scope: Scope) => void;
}) {
  const [view, setView] = useState<LabViewName>('watch');
  return html`<${ViewTabs} view=${view} onView=${setView} />
    ${view === 'configure' ? html`<${ConfigureView} gw=${props.gw} onUnauthenticated=${props.onUnauthenticated} />` : html`<${WatchPanels} ...${props} />`}`;
}

/** What the lab's gateway does: its sessions, traffic, history, dashboard and committed configuration, and for administrators its controls. */
function WatchPanels(props: {
  gw: LabGateway;
  admin: boolean;
  clock: Polled<LabClock | undefined> & { reload: () => void };
  onUnauthenticated: (scope: Scope) => void;
}) {
  const { gw } = props;
  const [selected, setSelected] = useState<string | undefined>(undefined);
  const overview = usePoll(gw.committedGateway, 15_000, props.onUnauthenticated);
  const status = usePoll(gw.configurationStatus, 15_000, props.onUnauthenticated);
  const { clock } = props;
  const names = nodeNames(overview.data);
  return html`<main class="grid">
    <${LiveSessions} gw=${gw} names=${names} onUnauthenticated=${props.onUnauthenticated} />
    <${TrafficCharts} gw=${gw} onUnauthenticated=${props.onUnauthenticated} />
    <${CallHistory}
      gw=${gw}
      selected=${selected}
      onSelect=${setSelected}
      onUnauthenticated=${props.onUnauthenticated}
    />
    <${CallLadder} gw=${gw} session=${selected} />
    <${DashboardPanel} gw=${gw} onUnauthenticated=${props.onUnauthenticated} />
    <${GatewayOverview}
      gateway=${overview.data}
      error=${overview.error}
      uncommitted=${status.data?.hasUncommittedChanges}
      names=${names}
    />
    ${props.admin && (clock.data || clock.error) ? html`<${ClockPanel} gw=${gw} clock=${clock} onUnauthenticated=${props.onUnauthenticated} />` : ''}
    ${props.admin ? html`<${TrafficPanel} gw=${gw} onUnauthenticated=${props.onUnauthenticated} />` : ''}
    ${props.admin ? html`<${FaultsPanel} gw=${gw} onUnauthenticated=${props.onUnauthenticated} />` : ''}
    ${props.admin ? html`<${SipPanel} gw=${gw} onUnauthenticated=${props.onUnauthenticated} />` : ''}
  </main>`;
}

/** The console: the login until the gateway accepts a user, then the dashboard (back to the login when the session ends). */
export function App(props: { initialUser: string | undefined }) {
  const [user, setUser] = useState<string | undefined>(props.initialUser);
  const [reason, setReason] = useState<string | undefined>(undefined);
  const onUnauthenticated = useCallback(() => {
    sessionStorage.removeItem(USER_KEY);
    setReason('The session ended: sign in again.');
    setUser(undefined);
  }, []);
  const onSwitch = useCallback(() => {
    setReason(undefined);
    setUser(undefined);
  }, []);
  return user
    ? html`<${Dashboard} user=${user} onUnauthenticated=${onUnauthenticated} onSwitch=${onSwitch} />`
    : html`<${Login}
        lab=${DEFAULT_LAB}
        reason=${reason}
        onLogin=${(name: string) => {
          setReason(undefined);
          setUser(name);
        }}
      />`;
}

/** Whether the session cookie of this origin still holds a session (the user named when it was opened). */
export async function resumedUser(): Promise<string | undefined> {
  const user = sessionStorage.getItem(userKey(DEFAULT_LAB));
  if (!user) return undefined;
  const answer = await call('/api/version/get', { query: { version: 0 } }).catch(() => undefined);
  return answer?.status === 200 ? user : undefined;
}
