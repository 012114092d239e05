import { h } from 'preact';
import { useState } from 'preact/hooks';
import htm from 'htm';
import { apiBase, call, DEFAULT_LAB, errorMessage } from './api.js';

const html = htm.bind(h);
const USER_KEY = 'gwsim-console-user';

/** Where the user of a lab's session is kept for this tab (the default lab's under the console's own key). */
export function userKey(lab: string): string {
  return lab === DEFAULT_LAB ? USER_KEY : `${USER_KEY}:${lab}`;
}

/**
 * The login: the gateway's own users (of the lab named, the default lab's for the console itself), checked by the
 * lab's gateway (Basic credentials on one call, which answers with the session cookie the lab's other calls then
 * carry; a lab's cookie has the lab's path, so the default lab's session stays). The password is never stored.
 */
export function Login(props: {
  lab: string;
  onLogin: (user: string) => void;
  reason: string | undefined;
  inline?: boolean;
}) {
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
      ${props.reason ? html`<p class="notice" data-testid="login-reason">${props.reason}</p>` : ''}
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
