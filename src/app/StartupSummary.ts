import { DEFAULT_LAB } from '../shared/domain/LabId.js';
import type { LabEntry } from '../shared/application/LabDirectory.js';
import type { LogFields, Logger } from '../shared/application/Logger.js';
import type { SipListenerView, SipMediaState } from '../contexts/simulation/index.js';
import type { LabSip } from './readLabSip.js';

/** What the summary is told once start-up is done. */
export interface StartupFacts {
  /** Where the main port answers, as a browser reaches it (`http://127.0.0.1:8111`). */
  readonly base: string;
  /** Whether /_sim/metrics asks for a bearer token (GWSIM_METRICS_TOKEN). */
  readonly metricsToken: boolean;
  readonly labs: readonly LabEntry[];
  readonly sip: readonly LabSip[];
  /** The port a lab is served at its root on, once it listens there (undefined: none, or it could not listen). */
  readonly listeningPort: (lab: LabEntry) => number | undefined;
}

/** `TCP+UDP 127.0.0.1:5070` for the listeners of one node on one port. */
function where(listeners: readonly SipListenerView[]): string {
  const first = listeners[0]!;
  return `${listeners.map((l) => l.transport).join('+')} ${first.host}:${first.port}`;
}

/** The listeners by node and port, in the order they come. */
function byNodeAndPort(listeners: readonly SipListenerView[]): SipListenerView[][] {
  const groups = new Map<string, SipListenerView[]>();
  for (const listener of listeners) {
    const key = `${listener.nodeId} ${listener.port}`;
    groups.set(key, [...(groups.get(key) ?? []), listener]);
  }
  return [...groups.values()];
}

/**
 * The lines that close start-up, so that a person at the terminal (and a collector) knows where things are: the
 * URLs of the API, its documents (Swagger UI), the console and the metrics; each lab, where its API is and its
 * real SIP listeners; and at error level every listener that failed (a SIP listener that could not bind, a lab's
 * own port that could not be listened on), each with what failed and why.
 */
export class StartupSummary {
  /**
   * `fields`: whether each line carries its facts as fields too (JSON lines, for a collector); readable lines say
   * them in the message alone, once.
   */
  constructor(
    private readonly logger: Logger,
    private readonly fields = true,
  ) {}

  private say(level: 'info' | 'warn' | 'error', fields: LogFields, message: string): void {
    this.logger[level](this.fields ? fields : {}, message);
  }

  log(facts: StartupFacts): void {
    const { base } = facts;
    const urls = {
      api: `${base}/api`,
      docs: `${base}/_sim/docs`,
      console: `${base}/_sim/console`,
      metrics: `${base}/_sim/metrics`,
    };
    this.say(
      'info',
      urls,
      `gwsim is ready: API ${urls.api}, docs ${urls.docs}, console ${urls.console}, metrics ${urls.metrics}${facts.metricsToken ? ' (with the bearer token of GWSIM_METRICS_TOKEN)' : ''}`,
    );
    for (const lab of facts.labs) this.logLab(facts, lab);
  }

  private logLab(facts: StartupFacts, lab: LabEntry): void {
    const api = lab.id === DEFAULT_LAB ? `${facts.base}/api` : `${facts.base}/labs/${lab.id}/api`;
    const port = facts.listeningPort(lab);
    const own = port === undefined ? '' : `, and http://${new URL(facts.base).hostname}:${port}/api`;
    const sip = facts.sip.find((entry) => entry.lab === lab.id);
    const groups = byNodeAndPort(sip?.listeners ?? []);
    const listening = groups.filter((group) => group[0]!.state === 'listening');
    const said = !sip?.here
      ? 'its simulator runs in another process'
      : !sip.enabled
        ? 'real SIP off'
        : `real SIP on: ${listening.length === 0 ? 'no listener' : listening.map((g) => `${g[0]!.nodeName} ${where(g)}`).join(', ')}`;
    this.say(
      'info',
      {
        lab: lab.id,
        api,
        ...(port !== undefined ? { port } : {}),
        sip: !sip?.here ? 'elsewhere' : sip.enabled ? 'on' : 'off',
        ...(sip?.enabled ? { listening: listening.map((g) => `${g[0]!.nodeName} ${where(g)}`) } : {}),
      },
      `lab ${lab.id}: API ${api}${own}; ${said}`,
    );
    if (sip?.here && sip.enabled && sip.media && sip.media.ranges.length > 0) this.logMedia(lab, sip.media);
    if (lab.port !== undefined && port === undefined) {
      this.say(
        'error',
        { lab: lab.id, port: lab.port },
        `lab ${lab.id}: its own port ${lab.port} is not listened on (the error above says why): it is served under /labs/${lab.id}/api only`,
      );
    }
    for (const group of groups.filter((g) => g[0]!.state === 'failed')) {
      const first = group[0]!;
      this.say(
        'error',
        {
          lab: lab.id,
          node: first.nodeName,
          port: first.port,
          transports: group.map((l) => l.transport),
          reason: first.error,
        },
        `lab ${lab.id}: the SIP listener of node ${first.nodeName} on ${where(group)} failed: ${first.error ?? 'unknown'}`,
      );
    }
  }

  /**
   * What media the lab's nodes can anchor: the calls their RTP ranges allow (two port pairs a call) and the calls the
   * open-file limit allows (four sockets a call); a warning when the limit, not the ranges, caps them.
   */
  private logMedia(lab: LabEntry, media: SipMediaState): void {
    const ranges = media.ranges.map((r) => `${r.host} ${r.first}-${r.last}`).join(', ');
    const files =
      media.callsByFiles === undefined
        ? 'no open-file limit known'
        : `the open-file limit ${media.openFileLimit} allows ${media.callsByFiles} (4 sockets each)`;
    const fields = {
      lab: lab.id,
      rtpRanges: ranges,
      callsByPorts: media.callsByPorts,
      ...(media.openFileLimit !== undefined ? { openFileLimit: media.openFileLimit } : {}),
      ...(media.callsByFiles !== undefined ? { callsByFiles: media.callsByFiles } : {}),
    };
    this.say(
      'info',
      fields,
      `lab ${lab.id}: media anchors at most ${media.anchoredCalls} calls at once: the RTP ranges ${ranges} allow ${media.callsByPorts} (2 port pairs each), ${files}`,
    );
    if (media.limitedByFiles)
      this.say(
        'warn',
        fields,
        `lab ${lab.id}: the open-file limit (${media.openFileLimit}) is below what the RTP ranges allow: calls beyond ${media.callsByFiles} are refused 503; raise it (ulimit -n ${media.callsByPorts * 4 + 1024}, or LimitNOFILE=)`,
      );
  }
}
