import { h, render } from 'preact';
import { App, resumedUser } from './app.js';

/** The console's entry: resumes a session of this tab when the gateway still holds it, else shows the login. */
async function start(): Promise<void> {
  const root = document.getElementById('console');
  if (!root) throw new Error('the page has no #console element');
  render(h(App, { initialUser: await resumedUser() }), root);
}

void start();
