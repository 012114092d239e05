import type { LabId } from '../../../../shared/domain/LabId.js';
import { ConfigObject, type ParameterValue } from '../../graph/domain/ConfigObject.js';
import { ObjectRules } from '../../graph/domain/ObjectRules.js';
import { DialStringRewriting, ruleRecord } from './DialStringRewriting.js';
import type { RewriteRuleSpec } from './RewriteRule.js';

/** The one mapping between a DialStringRewriting and its TEL_REWRITE_DOMAIN object. */
export const DialStringRewritingMapper = {
  fromObject(object: ConfigObject): DialStringRewriting {
    const records = (object.parameters['rules'] ?? []) as readonly { readonly [key: string]: ParameterValue }[];
    const rules = records.map((record, index) => ({
      ...(JSON.parse(JSON.stringify(record)) as Omit<RewriteRuleSpec, 'index'>),
      index,
    }));
    return new DialStringRewriting(object.id, object.displayName, rules);
  },

  /** `current` with the object's name and rules (other members kept), or a new object. */
  toObject(lab: LabId, rewriting: DialStringRewriting, current: ConfigObject | undefined): ConfigObject {
    const { parameters, references } = ObjectRules.complete(
      'TEL_REWRITE_DOMAIN',
      current?.snapshot(),
      { rules: rewriting.rules.map(ruleRecord) },
      {},
    );
    const base =
      current ??
      ConfigObject.create(lab, { id: rewriting.id, sort: 'TEL_REWRITE_DOMAIN', displayName: rewriting.displayName });
    return new ConfigObject(lab, { ...base.snapshot(), displayName: rewriting.displayName, parameters, references });
  },
};
