import { EXIT } from './exitCodes.js';
import { controlRequest, type ControlOptions } from './controlRequest.js';

export const CLOCK_PATH = '/_sim/labs/default/clock';

export type ClockAction =
  | { readonly kind: 'status' }
  | { readonly kind: 'set'; readonly mode: string; readonly scale?: number; readonly now?: string }
  | { readonly kind: 'advance'; readonly by: string };

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

/**
 * `gwsim clock status|set MODE|advance DURATION` against a running gwsim's clock endpoint. Exit codes: 0 done,
 * 1 the gateway refused (a bad mode, scale, instant or duration: its message names the field) or could not be reached.
 */
export async function clock(action: ClockAction, options: ControlOptions): Promise<number> {
  const answer =
    action.kind === 'status'
      ? await controlRequest('clock status', 'GET', CLOCK_PATH, undefined, options)
      : action.kind === 'set'
        ? await controlRequest(
            'clock set',
            'PUT',
            CLOCK_PATH,
            {
              mode: action.mode,
              ...(action.scale !== undefined ? { scale: action.scale } : {}),
              ...(action.now !== undefined ? { now: action.now } : {}),
            },
            options,
          )
        : await controlRequest('clock advance', 'POST', `${CLOCK_PATH}/advance`, { by: action.by }, options);
  if ('code' in answer) return answer.code;
  console.log(options.json ? JSON.stringify(answer.json) : describeClock(answer.json as ClockState));
  return EXIT.ok;
}
