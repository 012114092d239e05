import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { exitWithin, run } from './processSupport.js';
import { TestGateway } from './TestGateway.js';
import type { ManualClock } from '../../src/shared/infrastructure/ManualClock.js';
import { ADMIN_PASSWORD } from './testConfig.js';

/** A gateway (in-memory stores unless told otherwise) for the CLI's control verbs, a scratch folder, and the built `gwsim` to run against it. */
export interface ControlCli {
  readonly gateway: TestGateway;
  readonly dir: string;
  /** GWSIM_URL, GWSIM_USER and GWSIM_ADMIN_PASSWORD of the gateway's administrator. */
  readonly env: Record<string, string>;
  /** Runs `gwsim ...prefix ...args` with `env` (by default the administrator's); its exit code and output. */
  gwsim(args: string[], env?: Record<string, string>): Promise<{ code: number | null; output: string }>;
}

/**
 * Registers the suite's before/after hooks and answers the harness they fill in: every CLI test of a control
 * verb (`gwsim traffic`, `faults`, `journal`, `labs`, `clock`) runs the real command against a real gateway.
 */
export function useControlCli(
  prefix: readonly string[] = [],
  options: { readonly store?: 'memory' | 'database'; readonly clock?: ManualClock } = {},
): ControlCli {
  const harness = {} as { gateway: TestGateway; dir: string; env: Record<string, string> };
  before(async () => {
    harness.gateway = await TestGateway.start({
      store: options.store ?? 'memory',
      ...(options.clock ? { clock: options.clock } : {}),
    });
    harness.dir = mkdtempSync(path.join(tmpdir(), 'gwsim-cli-'));
    harness.env = { GWSIM_URL: harness.gateway.baseUrl, GWSIM_USER: 'anadmin', GWSIM_ADMIN_PASSWORD: ADMIN_PASSWORD };
  });
  after(async () => {
    await harness.gateway?.stop();
    if (harness.dir) rmSync(harness.dir, { recursive: true, force: true });
  });
  return {
    get gateway() {
      return harness.gateway;
    },
    get dir() {
      return harness.dir;
    },
    get env() {
      return harness.env;
    },
    async gwsim(args, env = harness.env) {
      const running = run(env, [...prefix, ...args]);
      const code = await exitWithin(running, 60_000);
      return { code, output: running.output() };
    },
  };
}
