import { EXIT } from './exitCodes.js';
import { controlRequest, labPath, type ControlOptions } from './controlRequest.js';

export type SipAction =
  { readonly kind: 'status' } | { readonly kind: 'on'; readonly offset?: number } | { readonly kind: 'off' };

interface SipState {
  enabled: boolean;
  host: string;
  /** Absent from a gwsim older than the setting. */
  advertisedHost?: string;
  portOffset: number;
  listeners: Array<{
    nodeId: string;
    nodeName: string;
    transport: string;
    host: string;
    port: number;
    state: string;
    error?: string;
  }>;
  farEnds: Record<string, string>;
}

/** A human summary of a lab's real SIP (what `status`, `on` and `off` print without --json). */
export function describeSip(lab: string, state: SipState): string {
  const advertised =
    state.advertisedHost !== undefined && state.advertisedHost !== state.host
      ? `, advertised as ${state.advertisedHost}`
      : '';
  const lines = [
    `real SIP of lab ${lab}: ${state.enabled ? 'on' : 'off'} (bind address ${state.host}${advertised}, port offset ${state.portOffset})`,
  ];
  for (const listener of state.listeners) {
    const farEnd = state.farEnds[listener.nodeId];
    lines.push(
      `  ${listener.nodeName}: ${listener.transport} ${listener.host}:${listener.port} ${listener.state}${listener.error ? ` (${listener.error})` : ''}${farEnd ? `, far end ${farEnd}` : ''}`,
    );
  }
  if (state.enabled && state.listeners.length === 0) lines.push('  no listeners');
  return lines.join('\n');
}

/** 1 when SIP is on and a listener could not bind (a script's `gwsim sip on && …` must not go on), else 0. */
export function sipExitCode(state: Pick<SipState, 'enabled' | 'listeners'>): number {
  return state.enabled && state.listeners.some((l) => l.state === 'failed') ? EXIT.failure : EXIT.ok;
}

/**
 * `gwsim sip status|on|off [--lab L] [--offset N]` against a running gwsim's `/_sim/labs/{lab}/sip`. Exit codes: 0 done,
 * 1 the gateway refused (a port another lab holds, say), could not be reached, or a listener could not bind (each
 * failed listener is printed with its reason).
 */
export async function sip(action: SipAction, options: ControlOptions): Promise<number> {
  const body =
    action.kind === 'status'
      ? undefined
      : action.kind === 'on'
        ? { enabled: true, ...(action.offset !== undefined ? { portOffset: action.offset } : {}) }
        : { enabled: false };
  const answer = await controlRequest(
    {
      command: `sip ${action.kind}`,
      method: body === undefined ? 'GET' : 'PUT',
      path: labPath(options.lab, '/sip'),
      body,
      names: { portOffset: '--offset' },
    },
    options,
  );
  if ('code' in answer) return answer.code;
  const state = answer.json as SipState;
  console.log(options.json ? JSON.stringify(state) : describeSip(options.lab, state));
  return sipExitCode(state);
}
