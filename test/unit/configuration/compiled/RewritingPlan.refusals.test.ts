import { expect } from 'chai';
import { DomainError } from '../../../../src/shared/domain/DomainError.js';
import type { RewriteRuleSpec } from '../../../../src/contexts/configuration/rewriting/domain/RewriteRule.js';
import {
  RewritingPlan,
  checkRewriteRule,
} from '../../../../src/contexts/configuration/rewriting/domain/compiled/RewritingPlan.js';
import { rule } from './rewritingSupport.js';

describe('RewritingPlan', () => {
  const refusals: readonly [string, Partial<RewriteRuleSpec>, string][] = [
    ['a negative deleteLeadingCharacters', { deleteLeadingCharacters: -1 }, 'rules[1].deleteLeadingCharacters'],
    ['a fractional deleteTrailingCharacters', { deleteTrailingCharacters: 1.5 }, 'rules[1].deleteTrailingCharacters'],
    ['a negative addExtTrailingDigits', { addExtTrailingDigits: -2 }, 'rules[1].addExtTrailingDigits'],
    ['an unknown rewriteType', { rewriteType: 'regex' as never }, 'rules[1].rewriteType'],
    ['an unknown case', { case: 'title' as never }, 'rules[1].case'],
    ['an unknown matchTags type', { matchTags: { tagSet: ['a'], type: 'nand' as never } }, 'rules[1].matchTags.type'],
    [
      'an unknown tag operation',
      {
        tagRewrite: {
          clearTags: false,
          operations: [
            { tag: 'a', type: 'keep' },
            { tag: 'b', type: 'rename' as never },
          ],
        },
      },
      'rules[1].tagRewrite.operations[1].type',
    ],
    ['a prefix that is not a string', { prefix: 7 as never }, 'rules[1].prefix'],
  ];
  for (const [what, fields, field] of refusals) {
    it(`refuses ${what}, naming ${field}`, () => {
      let refusal: unknown;
      try {
        new RewritingPlan([rule(), rule(fields)]);
      } catch (error) {
        refusal = error;
      }
      expect(refusal).to.be.instanceOf(DomainError);
      expect((refusal as DomainError).code).to.equal('INVALID_REWRITE_RULE');
      expect((refusal as DomainError).message).to.contain(field);
      expect((refusal as DomainError).details[0]!.field).to.equal(field);
    });
  }
});

describe('checkRewriteRule', () => {
  it('names the fields of one rule under the path it is given', () => {
    let refusal: unknown;
    try {
      checkRewriteRule(rule({ case: 'title' as never }), 'body[3]');
    } catch (error) {
      refusal = error;
    }
    expect((refusal as DomainError).details[0]!.field).to.equal('body[3].case');
    expect(() => checkRewriteRule(rule(), 'body[0]')).not.to.throw();
  });
});
