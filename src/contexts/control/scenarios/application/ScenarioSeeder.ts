import { inject, injectable } from 'inversify';
import { labPrivateKey, signLicenseFile } from '@gwsim/license-file';
import { DomainError } from '../../../../shared/domain/DomainError.js';
import type { LabId } from '../../../../shared/domain/LabId.js';
import { UnitOfWork } from '../../../../shared/application/UnitOfWork.js';
import { LabClocks } from '../../../clock/index.js';
import { CommitConfiguration, ImportConfiguration } from '../../../configuration/index.js';
import { ImportLicenseFile } from '../../../licensing/index.js';
import { TrafficLabs } from '../../../simulation/index.js';
import type { ScenarioRequest } from '../domain/ScenarioDocument.js';
import type { ScenarioRun } from '../domain/ScenarioRun.js';
import { GatewayRequests, type GatewayAnswer } from './GatewayRequests.js';
import type { ReadyScenario } from './ScenarioRunner.js';
import { ScenarioSetting } from './ScenarioSetting.js';

export function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** `{lab}` in a path is the run's lab; `/api/` paths get `version=0` when they name no version. */
export function pathFor(lab: LabId, path: string): string {
  const withLab = path.replaceAll('{lab}', encodeURIComponent(lab));
  if (!withLab.startsWith('/api/') || /[?&]version=/.test(withLab)) return withLab;
  return `${withLab}${withLab.includes('?') ? '&' : '?'}version=0`;
}

export function statusOk(answer: GatewayAnswer, expected: number | undefined): boolean {
  return expected === undefined ? answer.status >= 200 && answer.status < 300 : answer.status === expected;
}

export function shortBody(body: unknown): string {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return text === undefined ? '' : text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

/**
 * A scenario's seed, with the lab clock held at the scenario's start: the configuration imported and committed, the
 * licenses signed with the lab key and imported, the users and the seed's requests run as the lab's administrator,
 * the traffic set; then the lab remembers the scenario (its settings). Run as work of the lab (LabScope).
 */
@injectable()
export class ScenarioSeeder {
  constructor(
    @inject(LabClocks) private readonly clocks: LabClocks,
    @inject(UnitOfWork) private readonly unitOfWork: UnitOfWork,
    @inject(ScenarioSetting) private readonly setting: ScenarioSetting,
    @inject(TrafficLabs) private readonly traffic: TrafficLabs,
    @inject(ImportConfiguration) private readonly importConfiguration: ImportConfiguration,
    @inject(CommitConfiguration) private readonly commitConfiguration: CommitConfiguration,
    @inject(ImportLicenseFile) private readonly importLicense: ImportLicenseFile,
    @inject(GatewayRequests) private readonly gateway: GatewayRequests,
  ) {}

  async seed(run: ScenarioRun): Promise<void> {
    const lab = run.lab;
    const scenario = run.scenario as ReadyScenario;
    const seed = scenario.seed;
    // scaled without a scale: the lab clock's own scale when it runs scaled, else the clock's default
    const before = this.clocks.reading(lab).clock;
    const scale =
      seed.clock.mode === 'scaled'
        ? (seed.clock.scale ?? (before.mode === 'scaled' ? before.rate : undefined))
        : undefined;
    run.clockMode = { mode: seed.clock.mode, scale };
    const start = seed.clock.start ?? this.clocks.nowOf(lab);
    await this.clocks.setMode(lab, 'frozen', { now: start });
    run.startedAt = start;
    {
      if (seed.configuration) {
        await this.importConfiguration.execute(lab, {
          fileName: seed.configuration.fileName,
          content: seed.configuration.content,
          commitProtection: false,
        });
        await this.commitConfiguration.execute(lab);
      }
      seed.licenses.forEach((license, i) => {
        if (license.validFromMs >= license.validUntilMs)
          throw DomainError.invalid('INVALID_SCENARIO', `seed.licenses[${i}] ends before it begins`);
      });
      for (const [i, license] of seed.licenses.entries()) {
        const iso = (ms: number) => `${new Date(start.getTime() + ms).toISOString().slice(0, 19)}Z`;
        const file = signLicenseFile(
          {
            identifier: license.identifier ?? `GWSIM-SCENARIO-${scenario.name.toUpperCase()}-${i + 1}`.slice(0, 64),
            name: license.name,
            products: ['gwsim'],
            application: 'gateway',
            requiredSystemIds: [],
            validFrom: iso(license.validFromMs),
            validUntil: iso(license.validUntilMs),
            facilities: [
              { name: 'telrtSession', value: license.sessions },
              ...(license.recordingSessions > 0 ? [{ name: 'recSession', value: license.recordingSessions }] : []),
            ],
            constraints: [],
            invalidates: [],
          },
          labPrivateKey(),
        );
        await this.importLicense.execute(lab, file);
      }
    }
    for (const [i, user] of seed.users.entries()) {
      await this.seedRequest(lab, `seed.users[${i}]`, {
        method: 'POST',
        path: '/api/users/add',
        status: undefined,
        body: {
          displayName: user.name,
          emailAddress: '',
          enabled: true,
          loginLocally: true,
          localUsername: user.name,
          localPassword: user.password,
          ldapLogin: false,
          ldapAuthentications: [],
          passwordChange: 'NOT_NECESSARY',
          roleIds: [user.role],
        },
      });
    }
    for (const [i, request] of seed.requests.entries()) await this.seedRequest(lab, `seed.requests[${i}]`, request);
    if (seed.traffic) await this.traffic.configure(lab, seed.traffic);
    await this.unitOfWork.write(lab, async () => {
      const current = await this.setting.read(lab);
      await this.setting.save(lab, scenario.document, current.version);
    });
  }

  private async seedRequest(lab: LabId, field: string, request: ScenarioRequest): Promise<void> {
    const answer = await this.gateway.send(lab, request.method, pathFor(lab, request.path), request.body);
    if (!statusOk(answer, request.status)) {
      throw new Error(
        `${field}: ${request.method} ${request.path} answered ${answer.status}${request.status ? ` (expected ${request.status})` : ''}: ${shortBody(answer.body)}`,
      );
    }
  }
}
