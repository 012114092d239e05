import { readFileSync } from 'node:fs';
import { EXIT } from './program.js';

/** What `gwsim traffic …` needs: where the gateway is and who asks. */
export interface TrafficCommandOptions {
  readonly url: string;
  readonly user: string;
  readonly password: string;
  readonly json: boolean;
}

export type TrafficAction = { readonly kind: 'status' } | { readonly kind: 'start' } | { readonly kind: 'stop' } | { readonly kind: 'set'; readonly file: string; readonly start: boolean };

export const TRAFFIC_PATH = '/_sim/labs/default/traffic';

interface TrafficState {
  running: boolean;
  time?: string;
  planGeneration?: number;
  profile: { seed: number; callsPerSecond: number; holdingTime: { distribution: string; meanSeconds: number; sdSeconds?: number } };
  counters: { started: number; ended: number; active: number; byResult: Record<string, number>; refusedBy: Record<string, number> };
}

/** A human summary of the traffic state (what `status`, `start`, `stop` and `set` print without --json). */
export function describeTraffic(state: TrafficState): string {
  const { profile, counters } = state;
  const hold = profile.holdingTime.distribution === 'lognormal'
    ? `lognormal holding time, mean ${profile.holdingTime.meanSeconds} s, sd ${profile.holdingTime.sdSeconds} s`
    : `exponential holding time, mean ${profile.holdingTime.meanSeconds} s`;
  const nonZero = (record: Record<string, number>) => Object.entries(record).filter(([, n]) => n > 0).map(([k, n]) => `${k} ${n}`).join(', ') || 'none';
  return [
    `traffic: ${state.running ? 'running' : 'stopped'}${state.time ? ` (simulated time ${state.time})` : ''}`,
    `profile: ${profile.callsPerSecond} calls/s (Poisson), ${hold}, seed ${profile.seed}`,
    `calls: ${counters.started} started, ${counters.ended} ended, ${counters.active} active`,
    `ended by result: ${nonZero(counters.byResult)}`,
    `refused by gate: ${nonZero(counters.refusedBy)}`,
  ].join('\n');
}

/**
 * `gwsim traffic status|start|stop|set FILE` against a running gwsim's control endpoint. Exit codes: 0 done,
 * 1 the gateway refused or could not be reached, 2 usage error (a profile file that cannot be read or is not JSON).
 */
export async function traffic(action: TrafficAction, options: TrafficCommandOptions): Promise<number> {
  let body: unknown;
  switch (action.kind) {
    case 'status': body = undefined; break;
    case 'start': body = { running: true }; break;
    case 'stop': body = { running: false }; break;
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
  let response: Response;
  try {
    response = await fetch(new URL(TRAFFIC_PATH, options.url), {
      method: body === undefined ? 'GET' : 'PUT',
      headers: {
        authorization: `Basic ${Buffer.from(`${options.user}:${options.password}`).toString('base64')}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    console.error(`gwsim: traffic ${action.kind}: cannot reach ${options.url}: ${cause?.code ?? cause?.message ?? (error as Error).message}`);
    return EXIT.failure;
  }
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    console.error(`gwsim: traffic ${action.kind}: ${options.url} answered ${response.status} with something other than JSON`);
    return EXIT.failure;
  }
  if (!response.ok) {
    const error = (json as { error?: { code?: string; message?: string; details?: { field?: string; message: string }[] } }).error;
    if (options.json) console.log(JSON.stringify(json));
    console.error(`gwsim: traffic ${action.kind}: ${response.status} ${error?.code ?? ''}: ${error?.message ?? text}`);
    for (const detail of error?.details ?? []) console.error(`  ${detail.field ? `${detail.field}: ` : ''}${detail.message}`);
    return EXIT.failure;
  }
  console.log(options.json ? JSON.stringify(json) : describeTraffic(json as TrafficState));
  return EXIT.ok;
}
