import { expect } from 'chai';
import type { ApiClient } from '../../support/ApiClient.js';
import { TestGateway } from '../../support/TestGateway.js';
import {
  compact,
  configurationReader,
  expectError,
  routingState,
  UNKNOWN_COMPACT_ID,
  UNKNOWN_ID,
} from './routingSupport.js';

/** A rule with every field of the specification. */
function fullRule(displayName: string, index = 7): Record<string, unknown> {
  return {
    index,
    displayName,
    comment: 'national to international',
    rewriteType: 'prefixAndSuffix',
    prefix: '0',
    suffix: '',
    deleteLeadingCharacters: 1,
    deleteTrailingCharacters: 0,
    addPrefix: '+49',
    addSuffix: '',
    addExtTrailingDigits: 0,
    case: 'lowercase',
    clearDisplayName: false,
    skipRulesBelow: false,
    skipFurtherRules: true,
    applyToSourceDialString: true,
    applyToDestinationDialString: true,
    applyToAllDialStrings: false,
    matchTags: { tagSet: ['userIp', 'userPhone'], type: 'xor' },
    tagRewrite: {
      operations: [
        { tag: 'userPhone', type: 'keep' },
        { tag: 'userIp', type: 'delete' },
      ],
      clearTags: false,
    },
  };
}

/** What a rule sent with only some fields is answered as: defaults filled, index its position. */
function minimalRuleAnswer(index: number, extra: Record<string, unknown>): Record<string, unknown> {
  return {
    index,
    displayName: '',
    comment: '',
    rewriteType: 'prefixAndSuffix',
    prefix: '',
    suffix: '',
    deleteLeadingCharacters: 0,
    deleteTrailingCharacters: 0,
    addPrefix: '',
    addSuffix: '',
    addExtTrailingDigits: 0,
    case: 'unchanged',
    clearDisplayName: false,
    skipRulesBelow: false,
    skipFurtherRules: false,
    applyToSourceDialString: false,
    applyToDestinationDialString: true,
    applyToAllDialStrings: false,
    ...extra,
  };
}

describe('dial string rewriting over HTTP', function () {
  this.timeout(120000);
  let gateway: TestGateway;
  let admin: ApiClient;

  before(async () => {
    gateway = await TestGateway.start();
    admin = gateway.admin();
  });
  after(() => gateway.stop());

  async function add(displayName: string, rules: unknown[] = []): Promise<Record<string, any>> {
    const response = await admin.post('/api/dialStringRewriting/add', { json: { displayName, rules } });
    expect(response.status, response.text).to.equal(200);
    return response.json;
  }

  it('adds an object with rules (indexes are positions) and answers it with its assigned id; get lists all or the one named', async () => {
    const added = await add('national', [
      fullRule('first', 5),
      { displayName: 'second', rewriteType: 'addExt', addExtTrailingDigits: 3 },
    ]);
    expect(added.id).to.match(/^[0-9a-f-]{36}$/);
    expect(added).to.deep.equal({
      id: added['id'],
      displayName: 'national',
      rules: [
        { ...fullRule('first'), index: 0 },
        minimalRuleAnswer(1, { displayName: 'second', rewriteType: 'addExt', addExtTrailingDigits: 3 }),
      ],
    });
    const other = await add('empty');
    expect((await admin.get('/api/dialStringRewriting/get')).json).to.deep.equal([other, added]);
    expect(
      (await admin.get('/api/dialStringRewriting/get', { query: { dialStringRewriting: 'national' } })).json,
    ).to.deep.equal([added]);
    expect(
      (await admin.get('/api/dialStringRewriting/get', { query: { dialStringRewriting: compact(added['id']) } })).json,
    ).to.deep.equal([added]);
    expect(
      (await admin.get('/api/dialStringRewriting/rules/get', { query: { dialStringRewriting: added['id'] } })).json,
    ).to.deep.equal(added['rules']);
    expectError(
      await admin.get('/api/dialStringRewriting/get', { query: { dialStringRewriting: 'nothing' } }),
      404,
      'DIAL_STRING_REWRITING_NOT_FOUND',
    );
  });

  it('set renames and replaces the rules; rules/set replaces every rule and renumbers them in the order sent', async () => {
    const object = await add('to change', [fullRule('a')]);
    const set = await admin.put('/api/dialStringRewriting/set', {
      query: { dialStringRewriting: object['id'] },
      json: { displayName: 'changed', rules: [{ prefix: '9' }] },
    });
    expect(set.status, set.text).to.equal(200);
    expect(set.json).to.deep.equal({
      id: object['id'],
      displayName: 'changed',
      rules: [minimalRuleAnswer(0, { prefix: '9' })],
    });
    const renamedOnly = await admin.put('/api/dialStringRewriting/set', {
      query: { dialStringRewriting: 'changed' },
      json: { displayName: 'changed again' },
    });
    expect(renamedOnly.json.rules).to.deep.equal(set.json.rules);
    const rules = await admin.put('/api/dialStringRewriting/rules/set', {
      query: { dialStringRewriting: compact(object['id']) },
      json: [
        { index: 9, displayName: 'z' },
        { index: 0, displayName: 'y' },
      ],
    });
    expect(rules.status, rules.text).to.equal(200);
    expect(rules.json).to.deep.equal([
      minimalRuleAnswer(0, { displayName: 'z' }),
      minimalRuleAnswer(1, { displayName: 'y' }),
    ]);
    expect(
      (await admin.get('/api/dialStringRewriting/rules/get', { query: { dialStringRewriting: 'changed again' } })).json,
    ).to.deep.equal(rules.json);
    expect(
      (
        await admin.put('/api/dialStringRewriting/rules/set', {
          query: { dialStringRewriting: object['id'] },
          json: [],
        })
      ).json,
    ).to.deep.equal([]);
  });

  it('writes what objects/get reads, and reads what objects/set wrote', async () => {
    const object = await add('round trip', [fullRule('r')]);
    const stored = (await admin.get('/api/objects/get', { query: { id: object['id'] } })).json;
    expect(stored).to.include({ sort: 'TEL_REWRITE_DOMAIN', displayName: 'round trip' });
    expect(stored.rules[0]).to.include({
      displayName: 'r',
      prefix: '0',
      deleteLeadingCharacters: '1',
      applyToSourceDialString: 'true',
      case: 'lowercase',
    });
    expect(stored.rules[0].matchTags).to.deep.equal({ tagSet: ['userIp', 'userPhone'], type: 'xor' });
    const set = await admin.put('/api/objects/set', {
      query: { id: object['id'] },
      json: { rules: [{ ...stored.rules[0], addPrefix: '+43' }, { displayName: 'added by objects/set' }] },
    });
    expect(set.status, set.text).to.equal(200);
    const rules = (
      await admin.get('/api/dialStringRewriting/rules/get', { query: { dialStringRewriting: object['id'] } })
    ).json;
    expect(rules).to.deep.equal([
      { ...fullRule('r'), index: 0, addPrefix: '+43' },
      minimalRuleAnswer(1, { displayName: 'added by objects/set' }),
    ]);
  });

  it('removes by name or id and answers the remaining objects', async () => {
    const keep = await add('keep');
    const gone = await add('gone');
    const removed = await admin.delete('/api/dialStringRewriting/remove', { query: { dialStringRewriting: 'gone' } });
    expect(removed.status, removed.text).to.equal(200);
    expect(removed.json.map((o: { id: string }) => o.id))
      .to.include(keep['id'])
      .and.not.include(gone['id']);
    expect(removed.json).to.deep.equal((await admin.get('/api/dialStringRewriting/get')).json);
    expectError(
      await admin.delete('/api/dialStringRewriting/remove', { query: { dialStringRewriting: compact(gone['id']) } }),
      404,
      'DIAL_STRING_REWRITING_NOT_FOUND',
    );
    expect(
      (await admin.delete('/api/dialStringRewriting/remove', { query: { dialStringRewriting: compact(keep['id']) } }))
        .status,
    ).to.equal(200);
  });

  it('remove is refused while the object is protected', async () => {
    const object = await add('protected rewriting');
    expect(
      (await admin.put('/api/objects/set', { query: { id: object['id'] }, json: { protected: 'true' } })).status,
    ).to.equal(200);
    expectError(
      await admin.delete('/api/dialStringRewriting/remove', { query: { dialStringRewriting: object['id'] } }),
      409,
      'OBJECT_PROTECTED',
    );
    expect(
      (await admin.get('/api/dialStringRewriting/get', { query: { dialStringRewriting: object['id'] } })).status,
    ).to.equal(200);
  });

  it('refuses bad requests naming the field, and changes nothing', async () => {
    const object = await add('strict', [fullRule('only')]);
    const before = await routingState(admin);
    const cases: Array<
      [() => Promise<import('../../support/ApiClient.js').ApiResponse>, number, string, string | undefined]
    > = [
      [
        () => admin.post('/api/dialStringRewriting/add', { json: { displayName: 'strict' } }),
        409,
        'DISPLAY_NAME_TAKEN',
        'displayName',
      ],
      [
        () => admin.post('/api/dialStringRewriting/add', { json: { rules: [] } }),
        400,
        'VALIDATION_FAILED',
        'displayName',
      ],
      [
        () =>
          admin.post('/api/dialStringRewriting/add', { json: { displayName: 'x', rules: [{ rewriteType: 'regex' }] } }),
        400,
        'VALIDATION_FAILED',
        'rules[0].rewriteType',
      ],
      [
        () =>
          admin.post('/api/dialStringRewriting/add', {
            json: { displayName: 'x', rules: [{}, { deleteLeadingCharacters: -1 }] },
          }),
        400,
        'VALIDATION_FAILED',
        'rules[1].deleteLeadingCharacters',
      ],
      [
        () =>
          admin.post('/api/dialStringRewriting/add', {
            json: { displayName: 'x', rules: [{ matchTags: { tagSet: ['a'], type: 'maybe' } }] },
          }),
        400,
        'VALIDATION_FAILED',
        'rules[0].matchTags.type',
      ],
      [
        () =>
          admin.post('/api/dialStringRewriting/add', {
            json: { displayName: 'x', rules: [{ tagRewrite: { operations: [{ tag: '', type: 'keep' }] } }] },
          }),
        400,
        'REWRITE_RULE_INVALID',
        'rules[0].tagRewrite.operations[0].tag',
      ],
      [
        () => admin.post('/api/dialStringRewriting/add', { json: { displayName: 'x', rules: 'none' } }),
        400,
        'VALIDATION_FAILED',
        'rules',
      ],
      [
        () => admin.post('/api/dialStringRewriting/add', { json: { displayName: 'x', color: 'red' } }),
        400,
        'UNKNOWN_FIELD',
        'color',
      ],
      [
        () =>
          admin.put('/api/dialStringRewriting/set', {
            query: { dialStringRewriting: object['id'] },
            json: { rules: [{ case: 'title' }] },
          }),
        400,
        'VALIDATION_FAILED',
        'rules[0].case',
      ],
      [
        () => admin.put('/api/dialStringRewriting/set', { query: { dialStringRewriting: UNKNOWN_ID }, json: {} }),
        404,
        'DIAL_STRING_REWRITING_NOT_FOUND',
        undefined,
      ],
      [
        () =>
          admin.put('/api/dialStringRewriting/set', { query: { dialStringRewriting: UNKNOWN_COMPACT_ID }, json: {} }),
        404,
        'DIAL_STRING_REWRITING_NOT_FOUND',
        undefined,
      ],
      [
        () =>
          admin.put('/api/dialStringRewriting/set', {
            query: { dialStringRewriting: object['id'] },
            json: { displayName: '' },
          }),
        400,
        'DISPLAY_NAME_REQUIRED',
        'displayName',
      ],
      [
        () =>
          admin.put('/api/dialStringRewriting/rules/set', {
            query: { dialStringRewriting: object['id'] },
            json: [{}, { addExtTrailingDigits: 99 }],
          }),
        400,
        'VALIDATION_FAILED',
        '[1].addExtTrailingDigits',
      ],
      [
        () =>
          admin.put('/api/dialStringRewriting/rules/set', {
            query: { dialStringRewriting: object['id'] },
            json: [{ tagRewrite: { operations: [{ tag: ' ', type: 'keep' }] } }],
          }),
        400,
        'REWRITE_RULE_INVALID',
        '[0].tagRewrite.operations[0].tag',
      ],
      [
        () =>
          admin.put('/api/dialStringRewriting/rules/set', {
            query: { dialStringRewriting: object['id'] },
            json: { rules: [] },
          }),
        400,
        'INVALID_BODY',
        undefined,
      ],
      [
        () => admin.get('/api/dialStringRewriting/rules/get', { query: { dialStringRewriting: 'nothing' } }),
        404,
        'DIAL_STRING_REWRITING_NOT_FOUND',
        undefined,
      ],
      [() => admin.get('/api/dialStringRewriting/rules/get'), 400, 'INVALID_QUERY_PARAMETER', undefined],
    ];
    for (const [call, status, code, field] of cases) {
      const response = await call();
      expectError(response, status, code, { what: `${code} ${field}` });
      if (field)
        expect(
          response.json.error.details.map((d: { field: string }) => d.field),
          code,
        ).to.include(field);
    }
    expect(await routingState(admin)).to.equal(before);
  });

  it('reads need configuration read access, writes configuration write access', async () => {
    const object = await add('guarded rewriting');
    const reader = await configurationReader(gateway, admin, 'rewriting_reader');
    expect((await reader.get('/api/dialStringRewriting/get')).status).to.equal(200);
    expect(
      (await reader.get('/api/dialStringRewriting/rules/get', { query: { dialStringRewriting: object['id'] } })).status,
    ).to.equal(200);
    const before = await routingState(admin);
    for (const response of [
      await reader.post('/api/dialStringRewriting/add', { json: { displayName: 'by reader' } }),
      await reader.put('/api/dialStringRewriting/set', {
        query: { dialStringRewriting: object['id'] },
        json: { displayName: 'by reader' },
      }),
      await reader.delete('/api/dialStringRewriting/remove', { query: { dialStringRewriting: object['id'] } }),
      await reader.put('/api/dialStringRewriting/rules/set', {
        query: { dialStringRewriting: object['id'] },
        json: [],
      }),
    ])
      expectError(response, 403, 'PERMISSION_DENIED');
    expect(await routingState(admin)).to.equal(before);
  });

  it('a view write commits', async () => {
    await add('committed rewriting', [fullRule('c')]);
    const commit = await admin.post('/api/coreConfig/commit');
    expect(commit.status, commit.text).to.equal(200);
    expect((await admin.get('/api/coreConfig/status/get')).json.state).to.equal('COMMITTED');
  });
});
