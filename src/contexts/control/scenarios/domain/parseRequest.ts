import type { ScenarioRequest } from './ScenarioDocument.js';
import { integer, isObject, known, text, type ScenarioProblems } from './ScenarioProblems.js';

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** A gateway or control request: `{method, path, body?, status?}`, or `read: "GET /api/…"` in an expectation. */
export function parseRequest(problems: ScenarioProblems, value: unknown, field: string): ScenarioRequest | undefined {
  if (!isObject(value)) return problems.add(field, 'must be an object {method, path, body?, status?}');
  known(problems, value, field, ['method', 'path', 'body', 'status']);
  const method = typeof value['method'] === 'string' ? value['method'].toUpperCase() : undefined;
  if (!method || !(HTTP_METHODS as readonly string[]).includes(method))
    problems.add(`${field}.method`, `must be one of ${HTTP_METHODS.join(', ')}`);
  const path = text(problems, value['path'], `${field}.path`, {
    required: true,
    max: 2000,
    pattern: /^\/(api|app|_sim)\//,
    hint: 'must be a path of the gateway API (/api/…, /app/…) or of the control API (/_sim/…)',
  });
  const status = integer(problems, value['status'], `${field}.status`, 100, 599);
  if (!method || !path) return undefined;
  return { method: method as HttpMethod, path, body: value['body'], status };
}
