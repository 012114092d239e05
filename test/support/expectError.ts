import { expect } from 'chai';
import type { ApiResponse } from './ApiClient.js';

/** Asserts the one error shape of the API, with the given status (and code, when given). */
export function expectError(response: ApiResponse, status: number, code?: string): void {
  expect(response.status, response.text.slice(0, 400)).to.equal(status);
  expect(response.headers.get('content-type')).to.match(/^application\/json/);
  expect(response.json?.error, response.text.slice(0, 400)).to.include.keys('status', 'code', 'message', 'details', 'requestId');
  expect(response.json.error.status).to.equal(status);
  expect(response.json.error.details).to.be.an('array');
  if (code) expect(response.json.error.code, response.text.slice(0, 400)).to.equal(code);
}
