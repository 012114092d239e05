import { readFileSync } from 'node:fs';
import { EXIT } from './exitCodes.js';
import { controlRequest, labPath, type ControlOptions } from './controlRequest.js';

export type TrafficAction =
  | { readonly kind: 'status' }
  | { readonly kind: 'start' }
  | { readonly kind: 'stop' }
  | { readonly kind: 'set'; readonly file: string; readonly start: boolean };

interface TrafficState {
  running: boolean;
  time?: string;
  planGeneration?: number;
  profile: {
    seed: number;
    callsPerSecond: number;
    holdingTime: { distribution: string; meanSeconds: number; sdSeconds?: number };
  };
  counters: {
    started: number;
    ended: number;
    active: number;
    byResult: Record<string, number>;
    refusedBy: Record<string, number>;
  };
}

/** A human summary of the traffic state (what `status`, `start`, `stop` and `set` print without --json). */
export function describeTraffic(state: TrafficState): string {
  const { profile, counters } = state;
  const hold =
    profile.holdingTime.distribution === 'lognormal'
      ? `lognormal holding time, mean ${profile.holdingTime.meanSeconds} s, sd ${profile.holdingTime.sdSeconds} s`
      : `exponential holding time, mean ${profile.holdingTime.meanSeconds} s`;
  const nonZero = (record: Record<string, number>) =>
    Object.entries(record)
      .filter(([, n]) => n > 0)
      .map(([k, n]) => `${k} ${n}`)
      .join(', ') || 'none';
  return [
    `traffic: ${state.running ? 'running' : 'stopped'}${state.time ? ` (simulated time ${state.time})` : ''}`,
    `profile: ${profile.callsPerSecond} calls/s (Poisson), ${hold}, seed ${profile.seed}`,
    `calls: ${counters.started} started, ${counters.ended} ended, ${counters.active} active`,
    `ended by result: ${nonZero(counters.byResult)}`,
    `refused by gate: ${nonZero(counters.refusedBy)}`,
  ].join('\n');
}

/**
 * `gwsim traffic status|start|stop|set FILE` against a running gwsim's `/_sim/labs/{lab}/traffic`. Exit codes:
 * 0 done, 1 the gateway refused or could not be reached, 2 usage error (a profile file that cannot be read or is
 * not JSON).
 */
export async function traffic(action: TrafficAction, options: ControlOptions): Promise<number> {
  let body: unknown;
  switch (action.kind) {
    case 'status':
      body = undefined;
      break;
    case 'start':
      body = { running: true };
      break;
    case 'stop':
      body = { running: false };
      break;
    case 'set': {
      let text: string;
      try {
        text = readFileSync(action.file, 'utf8');
      } catch (error) {
        console.error(`gwsim: traffic set: cannot read ${action.file}: ${(error as Error).message}`);
        return EXIT.usage;
      }
      let profile: unknown;
      try {
        profile = JSON.parse(text);
      } catch (error) {
        console.error(`gwsim: traffic set: ${action.file} is not JSON: ${(error as Error).message}`);
        return EXIT.usage;
      }
      body = { profile, ...(action.start ? { running: true } : {}) };
      break;
    }
  }
  const answer = await controlRequest(
    {
      command: `traffic ${action.kind}`,
      method: body === undefined ? 'GET' : 'PUT',
      path: labPath(options.lab, '/traffic'),
      body,
    },
    options,
  );
  if ('code' in answer) return answer.code;
  const json = answer.json;
  console.log(options.json ? JSON.stringify(json) : describeTraffic(json as TrafficState));
  return EXIT.ok;
}
