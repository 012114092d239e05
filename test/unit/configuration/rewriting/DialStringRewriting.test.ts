import { expect } from 'chai';
import { DialStringRewriting } from '../../../../src/contexts/configuration/rewriting/domain/DialStringRewriting.js';
import { DialStringRewritingMapper } from '../../../../src/contexts/configuration/rewriting/domain/DialStringRewritingMapper.js';
import type { RewriteRuleSpec } from '../../../../src/contexts/configuration/rewriting/domain/RewriteRule.js';
import { failure } from '../support/ObjectsHarness.js';
import { RoutingHarness } from '../routing/routingHarness.js';

const ID = '00000000-0000-4000-8000-0000000000c1';

function rule(displayName: string, extra: Partial<RewriteRuleSpec> = {}): RewriteRuleSpec {
  return {
    index: 42,
    displayName,
    comment: '',
    rewriteType: 'prefixAndSuffix',
    prefix: '0',
    suffix: '',
    deleteLeadingCharacters: 1,
    deleteTrailingCharacters: 0,
    addPrefix: '+49',
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

describe('a dial string rewriting', () => {
  it('numbers its rules 0..n-1 in the order given', () => {
    const rewriting = new DialStringRewriting(ID, ' r ', [rule('a'), rule('b')]);
    expect(rewriting.displayName).to.equal('r');
    expect(rewriting.rules.map((r) => [r.index, r.displayName])).to.deep.equal([
      [0, 'a'],
      [1, 'b'],
    ]);
    rewriting.replaceRules([rule('c')]);
    expect(rewriting.rules.map((r) => r.index)).to.deep.equal([0]);
  });

  it("refuses invalid rules naming each field under the request's name for them", () => {
    const bad = [rule('a'), rule('b', { deleteLeadingCharacters: -1, matchTags: { tagSet: [''], type: 'or' } })];
    const fields = (field: string) => {
      try {
        new DialStringRewriting(ID, 'r', bad, field);
      } catch (error) {
        return (error as { details: Array<{ field: string }> }).details.map((d) => d.field);
      }
      return [];
    };
    expect(fields('rules')).to.deep.equal(['rules[1].deleteLeadingCharacters', 'rules[1].matchTags.tagSet[0]']);
    expect(fields('')).to.deep.equal(['[1].deleteLeadingCharacters', '[1].matchTags.tagSet[0]']);
    expect(() => new DialStringRewriting(ID, '', []))
      .to.throw()
      .with.property('code', 'DISPLAY_NAME_REQUIRED');
  });

  it('maps to a TEL_REWRITE_DOMAIN and back unchanged (the index is the position, not stored)', () => {
    const h = new RoutingHarness();
    const rewriting = new DialStringRewriting(ID, 'r', [
      rule('a', {
        matchTags: { tagSet: ['userIp'], type: 'xor' },
        tagRewrite: { operations: [{ tag: 'userIp', type: 'delete' }], clearTags: true },
      }),
      rule('b'),
    ]);
    const object = DialStringRewritingMapper.toObject(h.lab, rewriting, undefined);
    expect(object.sort).to.equal('TEL_REWRITE_DOMAIN');
    expect((object.parameters['rules'] as Array<Record<string, unknown>>)[0]).to.not.have.property('index');
    const back = DialStringRewritingMapper.fromObject(object);
    expect([back.id, back.displayName, back.rules]).to.deep.equal([
      rewriting.id,
      rewriting.displayName,
      rewriting.rules,
    ]);
  });
});

describe('dial string rewriting use cases', () => {
  it('add, set, list and remove, answering the remaining objects; a set that changes nothing writes nothing', async () => {
    const h = new RoutingHarness();
    const a = await h.addRewriting.execute(h.lab, 'a', [rule('x')]);
    const b = await h.addRewriting.execute(h.lab, 'b', []);
    expect((await h.listRewritings.execute(h.lab)).map((r) => r.displayName)).to.deep.equal(['a', 'b']);
    expect((await h.listRewritings.execute(h.lab, a.id.replace(/-/g, ''))).map((r) => r.id)).to.deep.equal([a.id]);
    const version = (await h.find(a.id))!.version;
    await h.setRewriting.execute(h.lab, 'a', { rules: [rule('x')] });
    expect((await h.find(a.id))!.version).to.equal(version);
    const set = await h.setRewriting.execute(h.lab, a.id, { displayName: 'c', rules: [rule('y'), rule('z')] });
    expect(set.rules.map((r) => r.displayName)).to.deep.equal(['y', 'z']);
    expect((await failure(() => h.setRewriting.execute(h.lab, 'c', { displayName: 'b' }))).code).to.equal(
      'DISPLAY_NAME_TAKEN',
    );
    expect((await h.removeRewriting.execute(h.lab, 'c')).map((r) => r.id)).to.deep.equal([b.id]);
    expect((await failure(() => h.removeRewriting.execute(h.lab, 'c'))).code).to.equal(
      'DIAL_STRING_REWRITING_NOT_FOUND',
    );
  });

  it('remove is refused while another object refers to it', async () => {
    const h = new RoutingHarness();
    const a = await h.addRewriting.execute(h.lab, 'a', []);
    // no sort of the catalog names a rewriting yet; a hand-made reference stands for the nodes view's slots to come
    await h.seed('CS_STUB', 'referrer', {}, {});
    const referrer = (await h.all()).find((o) => o.sort === 'CS_STUB')!.copy();
    referrer.setReferences('rewritingIds', [a.id]);
    await h.unitOfWork.write(h.lab, () => h.repository.save(referrer));
    expect((await failure(() => h.removeRewriting.execute(h.lab, a.id))).code).to.equal(
      'DIAL_STRING_REWRITING_REFERENCED',
    );
  });
});
