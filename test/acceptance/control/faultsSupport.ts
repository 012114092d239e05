import http from 'node:http';
import { expect } from 'chai';
import { TestGateway } from '../../support/TestGateway.js';
import type { ApiClient, ApiResponse, RequestOptions } from '../../support/ApiClient.js';

export const FAULTS = '/_sim/labs/default/faults';
export const JOURNAL = '/_sim/labs/default/journal';

type RawOutcome = { kind: 'answer'; status: number } | { kind: 'error'; code: string } | { kind: 'timeout' };

/** A gateway whose fault rules and request journal the tests drive through the control API. */
export class FaultLab {
  private constructor(
    readonly gateway: TestGateway,
    readonly admin: ApiClient,
  ) {}

  static async start(): Promise<FaultLab> {
    const gateway = await TestGateway.start();
    return new FaultLab(gateway, gateway.admin());
  }

  /** A control request (no `version`); the client checks its JSON answer against /_sim/openapi.json. */
  readonly sim = (
    method: string,
    path: string,
    options: RequestOptions = {},
    client = this.admin,
  ): Promise<ApiResponse> => client.request(method, path, { version: null, ...options });

  readonly addRule = (rule: unknown, client = this.admin) => this.sim('POST', FAULTS, { json: rule }, client);
  readonly listRules = () => this.sim('GET', FAULTS);
  readonly removeRule = (id: string) => this.sim('DELETE', `${FAULTS}/${encodeURIComponent(id)}`);
  readonly journal = (query: Record<string, string | number> = {}) => this.sim('GET', JOURNAL, { query });

  /** Removes every rule and empties the journal, so each test starts clean. */
  async clear(): Promise<void> {
    for (const rule of (await this.listRules()).json.rules) await this.removeRule(rule.id);
    expect((await this.sim('DELETE', JOURNAL)).status).to.equal(200);
  }

  /** A raw request that reports how it ended: an answer, an error (reset, hang-up) or a client-side timeout. */
  rawGet(path: string, timeoutMs: number): Promise<RawOutcome> {
    return new Promise((resolve) => {
      const request = http.get(
        new URL(`${path}?version=0`, this.gateway.baseUrl),
        { headers: { authorization: `Basic ${Buffer.from('anadmin:anadmin-test-Pw1!').toString('base64')}` } },
        (response) => {
          response.resume();
          resolve({ kind: 'answer', status: response.statusCode ?? 0 });
        },
      );
      request.setTimeout(timeoutMs, () => {
        resolve({ kind: 'timeout' });
        request.destroy();
      });
      request.on('error', (error: NodeJS.ErrnoException) =>
        resolve({ kind: 'error', code: error.code ?? error.message }),
      );
    });
  }

  async journalEntryOf(requestPath: string, wait = 2000): Promise<any> {
    const deadline = Date.now() + wait;
    for (;;) {
      const entries = (await this.journal({ path: requestPath })).json.entries as any[];
      if (entries.length > 0) return entries.at(-1);
      if (Date.now() > deadline) throw new Error(`no journal entry for ${requestPath}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
