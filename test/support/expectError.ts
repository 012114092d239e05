import { expect } from 'chai';
import type { ApiResponse } from './ApiClient.js';

/** Options of expectError for callers that need a variant of the one check. */
export interface ExpectErrorOptions {
  /** What the request was (prefixes every failure message). */
  readonly what?: string;
}

/**
 * Asserts the one error shape of the API: the given status (or any 4xx with 'any4xx'), a JSON body holding only
 * `error`, with `status` equal to the HTTP status, `code`, a `message` that shows no stack frame, an array of
 * `details` and a `requestId`; and the code when given (one of several codes when given a list).
 */
export function expectError(
  response: ApiResponse,
  status: number | 'any4xx',
  code?: string | readonly string[],
  options: ExpectErrorOptions = {},
): void {
  const about = `${options.what ? `${options.what}: ` : ''}${response.status} ${response.text.slice(0, 400)}`;
  if (status === 'any4xx') expect(response.status, about).to.be.within(400, 499);
  else expect(response.status, about).to.equal(status);
  expect(response.headers.get('content-type'), about).to.match(/^application\/json/);
  expect(response.json, about).to.be.an('object').that.has.keys('error');
  expect(response.json.error, about).to.include.keys('status', 'code', 'message', 'details', 'requestId');
  expect(response.json.error.status, about).to.equal(response.status);
  expect(response.json.error.details, about).to.be.an('array');
  expect(response.json.error.message, about)
    .to.be.a('string')
    .and.not.match(/at .*\.js:\d+/);
  expect(response.json.error.requestId, about).to.be.a('string').and.not.equal('');
  if (typeof code === 'string') expect(response.json.error.code, about).to.equal(code);
  else if (code) expect(response.json.error.code, about).to.be.oneOf([...code]);
}

/** A fetch Response read into an ApiResponse, for requests an ApiClient cannot make (e.g. a hand-built form). */
export async function readResponse(response: Response): Promise<ApiResponse> {
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}
