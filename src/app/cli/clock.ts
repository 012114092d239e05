import { EXIT } from './exitCodes.js';
import { controlRequest, labPath, type ControlOptions } from './controlRequest.js';

/** The clock endpoint's fields, as the command line names them. */
const NAMES = { mode: '<mode>', scale: '--scale', now: '--now', by: '<duration>' };

export type ClockAction =
  | { readonly kind: 'status' }
  | { readonly kind: 'set'; readonly mode: string; readonly scale?: number; readonly now?: string }
  | { readonly kind: 'advance'; readonly by: string }
  | { readonly kind: 'wall' };

interface ClockState {
  mode: string;
  rate: number;
  now: string;
  wall: string;
  offsetSeconds: number;
}

/** A human summary of the lab clock (what every verb prints without --json). */
export function describeClock(state: ClockState): string {
  const how = state.mode === 'scaled' ? `scaled, ${state.rate}× real time` : state.mode;
  return [
    `clock: ${how}`,
    `lab time: ${state.now}`,
    `wall time: ${state.wall} (the lab is ${state.offsetSeconds} s ${state.offsetSeconds < 0 ? 'behind' : 'ahead'})`,
  ].join('\n');
}

/** The request of each verb that changes the clock. */
function change(action: Exclude<ClockAction, { kind: 'status' }>, path: string) {
  switch (action.kind) {
    case 'set':
      return {
        method: 'PUT' as const,
        path,
        body: {
          mode: action.mode,
          ...(action.scale !== undefined ? { scale: action.scale } : {}),
          ...(action.now !== undefined ? { now: action.now } : {}),
        },
      };
    case 'wall':
      // back to wall time: real time at no offset from the wall clock
      return { method: 'PUT' as const, path, body: { mode: 'real', offsetSeconds: 0 } };
    case 'advance':
      return { method: 'POST' as const, path: `${path}/advance`, body: { by: action.by } };
  }
}

/**
 * `gwsim clock status|set MODE|wall|advance DURATION` against a running gwsim's `/_sim/labs/{lab}/clock`. Exit codes:
 * 0 done, 1 the gateway refused (a bad mode, scale, instant or duration: its message names the flag) or could not
 * be reached.
 */
export async function clock(action: ClockAction, options: ControlOptions): Promise<number> {
  const path = labPath(options.lab, '/clock');
  const command = `clock ${action.kind}`;
  const answer =
    action.kind === 'status'
      ? await controlRequest({ command, method: 'GET', path }, options)
      : await controlRequest({ command, ...change(action, path), names: NAMES }, options);
  if ('code' in answer) return answer.code;
  console.log(options.json ? JSON.stringify(answer.json) : describeClock(answer.json as ClockState));
  return EXIT.ok;
}
