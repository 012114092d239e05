import { EXIT } from './exitCodes.js';
import { CHOOSE_SERVER } from './serverUrl.js';

export interface ReadyOptions {
  /** The gateway's base URL (--url, GWSIM_URL, or HOST and PORT: see serverUrl). */
  readonly url: string;
  /** Seconds to wait for readiness; 0 asks once. */
  readonly timeoutSeconds: number;
  readonly json: boolean;
}

interface Probe {
  readonly ready: boolean;
  readonly status?: number;
  readonly reason: string;
  readonly checks?: unknown;
}

async function probe(url: URL): Promise<Probe> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
    const body = (await response.json().catch(() => undefined)) as
      { checks?: unknown; error?: { code?: string; message?: string } } | undefined;
    if (response.status === 200) return { ready: true, status: 200, reason: 'ready', checks: body?.checks };
    return {
      ready: false,
      status: response.status,
      reason: body?.error ? `${body.error.code}: ${body.error.message}` : `HTTP ${response.status}`,
    };
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const why = cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : 'error');
    return { ready: false, reason: `no answer (${why})` };
  }
}

/**
 * `gwsim ready`: asks a running gateway's /_sim/ready until it is ready or the time is up, for scripts and CI
 * ("start gwsim, wait until it takes requests"). Progress goes to standard error (one updated line on a
 * terminal, a line every five seconds otherwise); the outcome to standard output, as one line or (--json) one
 * JSON object. Exit codes: 0 ready, 1 not ready in time, 2 usage error.
 */
export async function waitReady(options: ReadyOptions, now: () => number = Date.now): Promise<number> {
  let url: URL;
  try {
    url = new URL('/_sim/ready', options.url);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http');
  } catch {
    console.error(`gwsim: --url must be an http(s) URL such as http://127.0.0.1:8111, not '${options.url}'`);
    return EXIT.usage;
  }
  const started = now();
  const tty = process.stderr.isTTY === true;
  let lastReport = started;
  let outcome = await probe(url);
  while (!outcome.ready && now() - started < options.timeoutSeconds * 1000) {
    const waited = Math.round((now() - started) / 1000);
    if (tty) process.stderr.write(`\rwaiting for ${url.href} (${waited} s): ${outcome.reason}\u001b[K`);
    else if (now() - lastReport >= 5000) {
      process.stderr.write(`waiting for ${url.href} (${waited} s): ${outcome.reason}\n`);
      lastReport = now();
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    outcome = await probe(url);
  }
  if (tty) process.stderr.write('\r\u001b[K');
  const waitedSeconds = Math.round((now() - started) / 100) / 10;
  if (options.json) {
    console.log(
      JSON.stringify({
        url: url.href,
        ready: outcome.ready,
        waitedSeconds,
        ...(outcome.status ? { status: outcome.status } : {}),
        ...(outcome.ready ? { checks: outcome.checks ?? {} } : { reason: outcome.reason }),
      }),
    );
  } else if (outcome.ready) {
    console.log(`ready: ${url.href} (after ${waitedSeconds} s)`);
  } else {
    const choose =
      outcome.status === undefined ? ` (is gwsim serving there? Choose another with ${CHOOSE_SERVER})` : '';
    console.log(`not ready after ${waitedSeconds} s: ${url.href}: ${outcome.reason}${choose}`);
  }
  return outcome.ready ? EXIT.ok : EXIT.failure;
}
