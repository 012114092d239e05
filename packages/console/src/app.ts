import { h } from 'preact';
import { useCallback, useState } from 'preact/hooks';
import htm from 'htm';
import { call, errorMessage, GATEWAY } from './api.js';
import { usePoll } from './hooks.js';
import { CallHistory, CallLadder, GatewayOverview, LiveSessions, nodeNames, TrafficCharts } from './panels.js';

const html = htm.bind(h);
const USER_KEY = 'gwsim-console-user';

/**
 * The login: the gateway's own users, checked by the gateway (Basic credentials on one call, which answers with
 * the session cookie the other calls then carry). The password is never stored by the page.
 */
function Login(props: { onLogin: (user: string) => void; reason: string | undefined }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setProblem(undefined);
    try {
      const answer = await call('/api/version/get', { query: { version: 0 }, basic: { username, password } });
      if (answer.status === 200) {
        sessionStorage.setItem(USER_KEY, username);
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
  return html`<main class="login">
    <form onSubmit=${submit} data-testid="login">
      <h1>gwsim console</h1>
      <p class="muted">Sign in with a user of this gateway.</p>
      ${props.reason ? html`<p class="notice">${props.reason}</p>` : ''}
      <label>User <input name="username" autocomplete="username" required value=${username} onInput=${(e: Event) => setUsername((e.target as HTMLInputElement).value)} /></label>
      <label>Password <input name="password" type="password" autocomplete="current-password" required value=${password} onInput=${(e: Event) => setPassword((e.target as HTMLInputElement).value)} /></label>
      ${problem ? html`<p class="problem" role="alert" data-testid="login-problem">${problem}</p>` : ''}
      <button type="submit" disabled=${busy}>${busy ? 'Signing in…' : 'Sign in'}</button>
    </form>
  </main>`;
}

function Dashboard(props: { user: string; onUnauthenticated: () => void; onSwitch: () => void }) {
  const [selected, setSelected] = useState<string | undefined>(undefined);
  const overview = usePoll(GATEWAY.committedGateway, 15_000, props.onUnauthenticated);
  const status = usePoll(GATEWAY.configurationStatus, 15_000, props.onUnauthenticated);
  const clock = usePoll(GATEWAY.clock, 5000, props.onUnauthenticated);
  const labClock = clock.data;
  const names = nodeNames(overview.data);
  return html`<div class="console">
    <header>
      <h1>gwsim console</h1>
      <span class="muted">lab default</span>
      ${labClock ? html`<span class="muted" data-testid="lab-clock" title="the lab's gateway clock (gwsim clock)">lab time ${new Date(labClock.now).toLocaleString([], { hour12: false })}${labClock.mode === 'real' ? (labClock.offsetSeconds !== 0 ? ' (real time, offset)' : '') : labClock.mode === 'scaled' ? ` (scaled ${labClock.rate}×)` : ' (frozen)'}</span>` : ''}
      <nav>
        <a href="/_sim/docs" target="_blank" rel="noopener">API documentation</a>
        <span data-testid="user">signed in as <strong>${props.user}</strong></span>
        <button type="button" class="link" onClick=${props.onSwitch}>sign in as another user</button>
      </nav>
    </header>
    <main class="grid">
      <${LiveSessions} names=${names} onUnauthenticated=${props.onUnauthenticated} />
      <${TrafficCharts} onUnauthenticated=${props.onUnauthenticated} />
      <${CallHistory} selected=${selected} onSelect=${setSelected} onUnauthenticated=${props.onUnauthenticated} />
      <${CallLadder} session=${selected} />
      <${GatewayOverview} gateway=${overview.data} error=${overview.error} uncommitted=${status.data?.hasUncommittedChanges} names=${names} />
    </main>
  </div>`;
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
  const onSwitch = useCallback(() => { setReason(undefined); setUser(undefined); }, []);
  return user
    ? html`<${Dashboard} user=${user} onUnauthenticated=${onUnauthenticated} onSwitch=${onSwitch} />`
    : html`<${Login} reason=${reason} onLogin=${(name: string) => { setReason(undefined); setUser(name); }} />`;
}

/** Whether the session cookie of this origin still holds a session (the user named when it was opened). */
export async function resumedUser(): Promise<string | undefined> {
  const user = sessionStorage.getItem(USER_KEY);
  if (!user) return undefined;
  const answer = await call('/api/version/get', { query: { version: 0 } }).catch(() => undefined);
  return answer?.status === 200 ? user : undefined;
}
