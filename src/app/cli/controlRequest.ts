import { EXIT } from './exitCodes.js';

/** Where a running gwsim is and who asks (the control verbs' --url, --user, --password, --json). */
export interface ControlOptions {
  readonly url: string;
  readonly user: string;
  readonly password: string;
  readonly json: boolean;
}

/**
 * One request to a running gwsim's control endpoint, for the CLI verbs (`gwsim traffic`, `gwsim clock`, …).
 * Resolves with the answer's JSON, or with the exit code after printing why it failed: 1 when the gateway cannot
 * be reached, answers something other than JSON, or refuses (its error code, message and each field's detail on
 * stderr; with --json the error body on stdout as well). A `FormData` body is sent as multipart (an upload);
 * `headers` are sent besides the credentials.
 */
export async function controlRequest(
  command: string,
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  path: string,
  body: unknown,
  options: ControlOptions,
  headers: Record<string, string> = {},
): Promise<{ json: unknown } | { code: number }> {
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
    console.error(
      `gwsim: ${command}: cannot reach ${options.url}: ${cause?.code ?? cause?.message ?? (error as Error).message}`,
    );
    return { code: EXIT.failure };
  }
  const text = await response.text();
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    console.error(`gwsim: ${command}: ${options.url} answered ${response.status} with something other than JSON`);
    return { code: EXIT.failure };
  }
  if (!response.ok) {
    const error = (
      json as { error?: { code?: string; message?: string; details?: { field?: string; message: string }[] } }
    ).error;
    if (options.json) console.log(JSON.stringify(json));
    console.error(`gwsim: ${command}: ${response.status} ${error?.code ?? ''}: ${error?.message ?? text}`);
    for (const detail of error?.details ?? [])
      console.error(`  ${detail.field ? `${detail.field}: ` : ''}${detail.message}`);
    return { code: EXIT.failure };
  }
  return { json };
}
