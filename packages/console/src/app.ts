import { h } from 'preact';
import { useCallback, useMemo, useState } from 'preact/hooks';
import htm from 'htm';
import { call, DEFAULT_LAB, labGateway, type Lab, type LabClock, type LabGateway, type Scope } from './api.js';
import { TrafficCharts } from './charts.js';
import { ClockPanel, FaultsPanel, labNow, modeText, useTick } from './control.js';
import { usePoll, type Polled } from './hooks.js';
import { CallLadder } from './ladder.js';
import { useLabs, useLabSession, useWantedLab, type LabSession } from './labSession.js';
import { Login, userKey } from './login.js';
import { CallHistory, GatewayOverview, LiveSessions, nodeNames } from './panels.js';
import { ScenarioPanel } from './scenarioPanel.js';
import { SipPanel } from './sipPanel.js';
import { DashboardPanel } from './dashboardPanel.js';
import { ConfigureView, ViewTabs, type LabViewName } from './configureView.js';
import { TrafficPanel } from './trafficPanel.js';

const html = htm.bind(h);

/**
 * The lab the address names, when the console may show it: an administrator's list of labs decides (the default
 * lab shown for a name it lacks); a user who may not list labs reaches the named lab through the lab's own sign-in.
 */
function Dashboard(props: { user: string; onUnauthenticated: () => void; onSwitch: () => void }) {
  const [wanted, pick] = useWantedLab();
  const { labs, labsProblem } = useLabs(wanted, props.onUnauthenticated);
  const listed = labs?.some((entry) => entry.name === wanted) ?? false;
  const lab = labs === null || listed ? wanted : DEFAULT_LAB;
  const missing = labs && !listed && wanted !== DEFAULT_LAB ? wanted : undefined;
  const gw = useMemo(() => labGateway(lab), [lab]);
  return html`<${LabView}
    key=${lab}
    lab=${lab}
    gw=${gw}
    labs=${labs}
    labsProblem=${labsProblem}
    missing=${missing}
    user=${props.user}
    onSwitch=${props.onSwitch}
    onPick=${pick}
    onUnauthenticated=${props.onUnauthenticated}
  />`;
}

type LabViewProps = {
  lab: string;
  gw: LabGateway;
  labs: Lab[] | null | undefined;
  labsProblem: string | undefined;
  missing: string | undefined;
  user: string;
  onSwitch: () => void;
  onPick: (lab: string) => void;
  onUnauthenticated: () => void;
};

/** The header: the lab selector (administrators) or the lab's name, the lab's clock, who is signed in. */
function Header(props: LabViewProps & { labSession: LabSession; clock: Polled<LabClock | undefined> }) {
  const { lab, labs, labSession } = props;
  const labClock = props.clock.data;
  const now = labClock ? labNow(labClock, props.clock.at) : undefined;
  return html`<header>
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
    ${labClock && now ? html`<span class="muted" data-testid="lab-clock" data-now=${now.toISOString()} title="the lab's gateway clock (gwsim clock)">lab time ${now.toLocaleString([], { hour12: false })}${labClock.mode === 'real' && labClock.offsetSeconds === 0 ? '' : ` (${modeText(labClock)})`}</span>` : ''}
    <nav>
      <a href="/_sim/docs" target="_blank" rel="noopener">API documentation</a>
      ${lab !== DEFAULT_LAB && labSession.state === 'in' ? html`<span data-testid="lab-user">in lab ${lab} as <strong>${labSession.user}</strong></span>` : ''}
      <span data-testid="user">signed in as <strong>${props.user}</strong></span>
      <button type="button" class="link" onClick=${props.onSwitch}>sign in as another user</button>
    </nav>
  </header>`;
}

/**
 * The console for one lab (made anew when another lab is picked, its session too): the header, then the lab's
 * sign-in or its panels. A 401 of the lab's own calls asks for the lab's sign-in again; one of a control call (the
 * default lab's session) for the console's. The lab's clock is read once for the header and the clock panel.
 */
function LabView(props: LabViewProps) {
  const { lab, gw, labs } = props;
  const [labSession, setLabSession] = useLabSession(lab, props.user);
  const { onUnauthenticated } = props;
  const ended = useCallback(
    (scope: Scope) => {
      if (scope === 'lab' && lab !== DEFAULT_LAB) {
        // only panels of a lab signed in to call the lab: its session was held, and is no more
        sessionStorage.removeItem(userKey(lab));
        setLabSession({ state: 'login', reason: `The session of lab ${lab} ended: sign in again.` });
      } else {
        onUnauthenticated();
      }
    },
    [lab, onUnauthenticated],
  );
  const clock = usePoll(gw.clock, 5000, ended);
  useTick(1000);
  const admin = labs !== null && labs !== undefined;
  return html`<div class="console">
    <${Header} ...${props} labSession=${labSession} clock=${clock} />
    ${props.labsProblem ? html`<p class="problem pad" role="alert">The labs cannot be listed: ${props.labsProblem}</p>` : ''}
    ${props.missing ? html`<div class="pad"><p class="notice" data-testid="lab-missing">There is no lab named ${props.missing}: the default lab is shown.</p></div>` : ''}
    ${
      labs === undefined || labSession.state === 'checking'
        ? html`<p class="muted pad">Loading…</p>`
        : labSession.state === 'login'
          ? html`<${Login}
                lab=${lab}
                inline=${true}
                reason=${labSession.reason}
                onLogin=${(user: string) => setLabSession({ state: 'in', user })}
              />
              ${admin ? html`<${LabControls} gw=${gw} clock=${clock} onUnauthenticated=${ended} />` : ''}`
          : labSession.state === 'refused'
            ? html`<p class="problem pad" role="alert" data-testid="lab-refused">
                The lab ${lab} cannot be opened: ${labSession.reason}
              </p>`
            : html`<${LabPanels} gw=${gw} admin=${admin} clock=${clock} onUnauthenticated=${ended} />`
    }
  </div>`;
}

type PanelProps = {
  gw: LabGateway;
  admin: boolean;
  clock: Polled<LabClock | undefined> & { reload: () => void };
  onUnauthenticated: (scope: Scope) => void;
};

/**
 * What an administrator may do in a lab before signing in to its gateway: its controls ride on the console's own
 * session (the default lab's administrator), as the control API does.
 */
function LabControls(props: Omit<PanelProps, 'admin'>) {
  const { gw, clock, onUnauthenticated } = props;
  return html`<main class="grid watch" data-testid="lab-controls">
    <p class="muted wide">
      Until you sign in to lab ${gw.lab}, the console's administrator session drives its controls: its scenario, clock,
      traffic, fault rules and real SIP.
    </p>
    <${ScenarioPanel} gw=${gw} onUnauthenticated=${onUnauthenticated} />
    ${clock.data || clock.error ? html`<${ClockPanel} gw=${gw} clock=${clock} onUnauthenticated=${onUnauthenticated} />` : ''}
    <${TrafficPanel} gw=${gw} onUnauthenticated=${onUnauthenticated} />
    <${FaultsPanel} gw=${gw} onUnauthenticated=${onUnauthenticated} />
    <${SipPanel} gw=${gw} onUnauthenticated=${onUnauthenticated} />
  </main>`;
}

/** The panels of one lab, in two views: what its gateway does (the default), and its configuration. */
function LabPanels(props: PanelProps) {
  const [view, setView] = useState<LabViewName>('watch');
  return html`<${ViewTabs} view=${view} onView=${setView} />
    ${view === 'configure' ? html`<${ConfigureView} gw=${props.gw} onUnauthenticated=${props.onUnauthenticated} />` : html`<${WatchPanels} ...${props} />`}`;
}

/**
 * What the lab's gateway does: its sessions and traffic side by side; its scenario (administrators), call history,
 * the ladder of the call picked and the dashboard across the page; the committed configuration and, for
 * administrators, the lab's controls.
 */
function WatchPanels(props: PanelProps) {
  const { gw, clock, admin, onUnauthenticated } = props;
  const [selected, setSelected] = useState<string | undefined>(undefined);
  const overview = usePoll(gw.committedGateway, 15_000, onUnauthenticated);
  const status = usePoll(gw.configurationStatus, 15_000, onUnauthenticated);
  const names = nodeNames(overview.data);
  return html`<main class="grid watch">
    <${LiveSessions} gw=${gw} names=${names} onUnauthenticated=${onUnauthenticated} />
    <${TrafficCharts} gw=${gw} onUnauthenticated=${onUnauthenticated} />
    ${admin ? html`<${ScenarioPanel} gw=${gw} onUnauthenticated=${onUnauthenticated} />` : ''}
    <${CallHistory} gw=${gw} selected=${selected} onSelect=${setSelected} onUnauthenticated=${onUnauthenticated} />
    <${CallLadder} gw=${gw} session=${selected} nodes=${overview.data?.nodes} onUnauthenticated=${onUnauthenticated} />
    <${DashboardPanel} gw=${gw} onUnauthenticated=${onUnauthenticated} />
    <${GatewayOverview}
      gateway=${overview.data}
      error=${overview.error}
      uncommitted=${status.data?.hasUncommittedChanges}
      names=${names}
    />
    ${admin && (clock.data || clock.error) ? html`<${ClockPanel} gw=${gw} clock=${clock} onUnauthenticated=${onUnauthenticated} />` : ''}
    ${admin ? html`<${TrafficPanel} gw=${gw} onUnauthenticated=${onUnauthenticated} />` : ''}
    ${admin ? html`<${FaultsPanel} gw=${gw} onUnauthenticated=${onUnauthenticated} />` : ''}
    ${admin ? html`<${SipPanel} gw=${gw} onUnauthenticated=${onUnauthenticated} />` : ''}
  </main>`;
}

/** The console: the login until the gateway accepts a user, then the dashboard (back to the login when the session ends). */
export function App(props: { initialUser: string | undefined }) {
  const [user, setUser] = useState<string | undefined>(props.initialUser);
  const [reason, setReason] = useState<string | undefined>(undefined);
  const onUnauthenticated = useCallback(() => {
    sessionStorage.removeItem(userKey(DEFAULT_LAB));
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
