import { EXIT } from './exitCodes.js';
import { refusalInFlags, type ErrorBody, type FlagNames } from './refusalInFlags.js';
import { CHOOSE_SERVER } from './serverUrl.js';

/** Where a running gwsim is, what named it, who asks, in which lab, and how to print (the verbs' shared options). */
export interface ControlOptions {
  readonly url: string;
  /** What named the URL (`--url`, `GWSIM_URL`, `PORT=9000`, the default), said when nothing answers there. */
  readonly from: string;
  readonly user: string;
  readonly password: string;
  /** The lab a lab's endpoint acts on (--lab; `default` unless given). */
  readonly lab: string;
  readonly json: boolean;
}

/** One request of a verb: its name for messages, the endpoint, and what the command line calls the request's fields. */
export interface ControlCall {
  /** `traffic status`: how messages name the command. */
  readonly command: string;
  readonly method: 'GET' | 'PUT' | 'POST' | 'DELETE';
  readonly path: string;
  /** JSON, or a `FormData` sent as multipart (an upload). */
  readonly body?: unknown;
  /** Sent besides the credentials. */
  readonly headers?: Readonly<Record<string, string>>;
  /** The flags and arguments the server's error messages are told in (see refusalInFlags; `lab` is --lab unless told). */
  readonly names?: FlagNames;
}

/** A lab's control endpoint: `/_sim/labs/{lab}` and `rest`. */
export function labPath(lab: string, rest: string): string {
  return `/_sim/labs/${encodeURIComponent(lab)}${rest}`;
}

/**
 * One request to a running gwsim's control endpoint, for the CLI verbs (`gwsim traffic`, `gwsim clock`, …).
 * Resolves with the answer's JSON, or with exit code 1 after printing why it failed: one line when nothing
 * answers at the URL (naming it, what named it, and how to choose another) or the answer is not JSON; the
 * refusal's code and message in the command line's words, and its details, when the server refuses (with --json
 * the error body on stdout as well).
 */
export async function controlRequest(
  call: ControlCall,
  options: ControlOptions,
): Promise<{ json: unknown } | { code: number }> {
  const { command, method, path, body, headers = {} } = call;
  const names = { lab: '--lab', ...call.names };
  let response: Response;
  const form = body instanceof FormData;
  try {
    response = await fetch(new URL(path, options.url), {
      method,
      headers: {
        ...headers,
        authorization: `Basic ${Buffer.from(`${options.user}:${options.password}`).toString('base64')}`,
        ...(body === undefined || form ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: form ? body : JSON.stringify(body) }),
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const why = cause?.code ?? cause?.message ?? (error as Error).message;
    console.error(
      `gwsim: ${command}: cannot reach ${options.url} (${why}; from ${options.from}): is gwsim serving there? Choose another with ${CHOOSE_SERVER}`,
    );
    return { code: EXIT.failure };
  }
  const text = await response.text();
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    console.error(
      `gwsim: ${command}: ${options.url} (from ${options.from}) answered ${response.status} with something other than JSON: is it gwsim? Choose another with ${CHOOSE_SERVER}`,
    );
    return { code: EXIT.failure };
  }
  if (!response.ok) {
    if (options.json) console.log(JSON.stringify(json));
    const error = (json as { error?: ErrorBody } | undefined)?.error;
    for (const line of refusalInFlags(command, response.status, error, text, names, options)) console.error(line);
    return { code: EXIT.failure };
  }
  return { json };
}
