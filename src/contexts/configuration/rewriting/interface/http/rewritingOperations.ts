import { operation } from '../../../../../shared/interface/http/Operation.js';
import { DialStringRewritingController } from './DialStringRewritingController.js';
import { DialStringRewritingDto, RewriteRuleDto } from './DialStringRewritingDtos.js';
import { DialStringRewritingView } from './DialStringRewritingView.js';

const area = 'Dial string rewriting';
const NAMED = {
  name: 'dialStringRewriting',
  type: 'string',
  required: true,
  description: 'the dial string rewriting object: id (either shape) or display name',
} as const;

/** The six dial string rewriting operations. */
export const rewritingOperations = [
  operation({
    area,
    method: 'GET',
    path: '/api/dialStringRewriting/get',
    version: 0,
    permissions: ['API', 'CFG-R'],
    body: 'none',
    summary: 'Every dial string rewriting object, or the one named (an array of one)',
    query: [{ ...NAMED, required: false, description: 'only this object: id (either shape) or display name' }],
    response: { kind: 'json', shape: DialStringRewritingView, array: true },
    controller: DialStringRewritingController,
    handle: (c, r) => c.get(r),
  }),
  operation({
    area,
    method: 'PUT',
    path: '/api/dialStringRewriting/set',
    version: 0,
    permissions: ['API', 'CFG-W'],
    body: 'json',
    summary: 'Change a dial string rewriting object: displayName and/or rules (all replaced, renumbered); answers it',
    query: [NAMED],
    request: DialStringRewritingDto,
    response: { kind: 'json', shape: DialStringRewritingView },
    controller: DialStringRewritingController,
    handle: (c, r) => c.set(r),
  }),
  operation({
    area,
    method: 'POST',
    path: '/api/dialStringRewriting/add',
    version: 0,
    permissions: ['API', 'CFG-W'],
    body: 'json',
    summary: 'Add a dial string rewriting object (display name unique); answers it with its assigned id',
    request: DialStringRewritingDto,
    response: { kind: 'json', shape: DialStringRewritingView },
    controller: DialStringRewritingController,
    handle: (c, r) => c.add(r),
  }),
  operation({
    area,
    method: 'DELETE',
    path: '/api/dialStringRewriting/remove',
    version: 0,
    permissions: ['API', 'CFG-W'],
    body: 'none',
    summary: 'Remove a dial string rewriting object (refused while referenced); answers the remaining objects',
    query: [NAMED],
    response: { kind: 'json', shape: DialStringRewritingView, array: true },
    controller: DialStringRewritingController,
    handle: (c, r) => c.remove(r),
  }),
  operation({
    area,
    method: 'GET',
    path: '/api/dialStringRewriting/rules/get',
    version: 0,
    permissions: ['API', 'CFG-R'],
    body: 'none',
    summary: 'The rules of a dial string rewriting object, in order',
    query: [NAMED],
    response: { kind: 'json', shape: RewriteRuleDto, array: true },
    controller: DialStringRewritingController,
    handle: (c, r) => c.rules(r),
  }),
  operation({
    area,
    method: 'PUT',
    path: '/api/dialStringRewriting/rules/set',
    version: 0,
    permissions: ['API', 'CFG-W'],
    body: 'json',
    summary:
      'Replace every rule of a dial string rewriting object (indexes renumbered 0..n-1 in the order sent); answers them',
    query: [NAMED],
    requestArrayOf: RewriteRuleDto,
    response: { kind: 'json', shape: RewriteRuleDto, array: true },
    controller: DialStringRewritingController,
    handle: (c, r) => c.setRules(r),
  }),
];
