import { h } from 'preact';
import { useState } from 'preact/hooks';
import htm from 'htm';
import type { Scope } from './api.js';
import type { ConfigurationApi, RewriteRule, RewritingEntry } from './configApi.js';
import { DoneNote, Field, numberOrText, onSubmit, RefusalNote, useSubmit, valueOf, type Refusal } from './forms.js';
import { useLoaded } from './loaded.js';
import { Problem } from './panels.js';

const html = htm.bind(h);

/** Which dial strings a rule rewrites. */
const APPLIES = [
  { value: 'destination', label: 'the called number' },
  { value: 'source', label: 'the calling number' },
  { value: 'all', label: 'every dial string' },
] as const;
type Applies = (typeof APPLIES)[number]['value'];

interface RuleDraft {
  displayName: string;
  prefix: string;
  suffix: string;
  deleteLeadingCharacters: string;
  addPrefix: string;
  addSuffix: string;
  applies: Applies;
  skipFurtherRules: boolean;
}

const NEW_RULE: RuleDraft = {
  displayName: '',
  prefix: '',
  suffix: '',
  deleteLeadingCharacters: '',
  addPrefix: '',
  addSuffix: '',
  applies: 'destination',
  skipFurtherRules: true,
};

const RULE_FIELDS = ['displayName', 'prefix', 'suffix', 'deleteLeadingCharacters', 'addPrefix', 'addSuffix'];

/** A rule as rules/set takes it, from what was typed. */
function ruleOf(draft: RuleDraft, index: number): RewriteRule {
  return {
    index,
    displayName: draft.displayName,
    rewriteType: 'prefixAndSuffix',
    prefix: draft.prefix,
    suffix: draft.suffix,
    deleteLeadingCharacters: numberOrText(draft.deleteLeadingCharacters) ?? 0,
    addPrefix: draft.addPrefix,
    addSuffix: draft.addSuffix,
    applyToDestinationDialString: draft.applies === 'destination',
    applyToSourceDialString: draft.applies === 'source',
    applyToAllDialStrings: draft.applies === 'all',
    skipFurtherRules: draft.skipFurtherRules,
  };
}

/** A rule in words. */
function ruleText(rule: RewriteRule): string {
  const parts = [
    rule.prefix ? `starting with ${String(rule.prefix)}` : 'any number',
    rule.deleteLeadingCharacters ? `delete ${String(rule.deleteLeadingCharacters)} leading` : '',
    rule.addPrefix ? `add ${String(rule.addPrefix)} in front` : '',
    rule['addSuffix'] ? `add ${String(rule['addSuffix'])} at the end` : '',
  ].filter((part) => part !== '');
  const applies = rule['applyToAllDialStrings']
    ? 'every dial string'
    : rule['applyToSourceDialString']
      ? 'calling'
      : 'called';
  return `${parts.join(', ')} (${applies})`;
}

/**
 * Dial string rewriting (/api/dialStringRewriting/...): the objects and their rules in order, an object to add by
 * name, and a rule to add at the end of one (or to remove): rules/set replaces an object's rules, so the rules
 * read are sent back with the change. A node applies an object through its incoming or outgoing dial string
 * rewriting (its TELSIP_STACK object in the configuration browser).
 */
export function RewritingForm(props: {
  api: ConfigurationApi;
  changes: number;
  onChanged: () => void;
  onUnauthenticated: (scope: Scope) => void;
}) {
  const rewritings = useLoaded(props.api.rewritings, [props.changes]);
  const [picked, setPicked] = useState('');
  const list = rewritings.data ?? [];
  const current = list.find((entry) => entry.id === picked) ?? list[0];
  return html`<section class="panel control config-form" data-testid="rewriting-form">
    <h2>
      Dial string rewriting
      <span class="muted">rules applied in order; a node uses an object as its incoming or outgoing rewriting</span>
    </h2>
    <${Problem} error=${rewritings.error} />
    <${NewRewriting}
      api=${props.api}
      onAdded=${(id: string) => {
        setPicked(id);
        props.onChanged();
      }}
      onUnauthenticated=${props.onUnauthenticated}
    />
    ${
      current
        ? html`<label class="pick"
              >Object
              <select name="rewriting" value=${current.id} onChange=${(e: Event) => setPicked(valueOf(e))}>
                ${list.map((entry) => html`<option value=${entry.id}>${entry.displayName}</option>`)}
              </select></label
            >
            <${Rules}
              key=${current.id}
              api=${props.api}
              rewriting=${current}
              onChanged=${props.onChanged}
              onUnauthenticated=${props.onUnauthenticated}
            />`
        : html`<p class="muted">No dial string rewriting object yet.</p>`
    }
  </section>`;
}

/** A new, empty dial string rewriting object (dialStringRewriting/add). */
function NewRewriting(props: {
  api: ConfigurationApi;
  onAdded: (id: string) => void;
  onUnauthenticated: (scope: Scope) => void;
}) {
  const [displayName, setDisplayName] = useState('');
  const submit = useSubmit(props.onUnauthenticated);
  const add = () =>
    void submit.run(async () => {
      const added = await props.api.addRewriting({ displayName, rules: [] });
      props.onAdded(added.id);
      setDisplayName('');
      return `added ${added.displayName}`;
    });
  return html`<form class="inline" data-testid="rewriting-add-form" onSubmit=${onSubmit(add)}>
    <${Field} label="New object" field="displayName" refusal=${submit.refusal}>
      <input name="displayName" value=${displayName} onInput=${(e: Event) => setDisplayName(valueOf(e))} />
    <//>
    <button type="submit" disabled=${submit.busy}>Add</button>
    <${RefusalNote} refusal=${submit.refusal} placed=${['displayName']} testId="rewriting-add-refusal" />
    <${DoneNote} done=${submit.done} />
  </form>`;
}

/** An object's rules in order, each with a remove button, and a rule to add at the end. */
function Rules(props: {
  api: ConfigurationApi;
  rewriting: RewritingEntry;
  onChanged: () => void;
  onUnauthenticated: (scope: Scope) => void;
}) {
  const { rewriting } = props;
  const [draft, setDraft] = useState<RuleDraft>(NEW_RULE);
  // the findings of rules/set name the rule by its place ([2].prefix): the new rule's are shown at its inputs
  const index = rewriting.rules.length;
  const submit = useSubmit(props.onUnauthenticated, `[${index}].`);
  const send = (rules: readonly RewriteRule[], said: string, then: () => void = () => undefined) =>
    void submit.run(async () => {
      await props.api.setRules(rewriting.id, rules);
      then();
      props.onChanged();
      return said;
    });
  const add = () =>
    send([...rewriting.rules, ruleOf(draft, index)], `added rule ${draft.displayName || index + 1}`, () =>
      setDraft(NEW_RULE),
    );
  const remove = (at: number) =>
    send(
      rewriting.rules.filter((_, i) => i !== at).map((rule, i) => ({ ...rule, index: i })),
      `removed rule ${at + 1}`,
    );
  const set = (name: keyof RuleDraft) => (e: Event) => setDraft({ ...draft, [name]: valueOf(e) });
  return html`<div data-testid="rewriting-rules">
    ${
      rewriting.rules.length === 0
        ? html`<p class="muted">No rule: numbers pass unchanged.</p>`
        : html`<ol class="rules">
            ${rewriting.rules.map((rule, at) => html`<li key=${at}><strong>${rule.displayName || `rule ${at + 1}`}</strong> <span class="muted">${ruleText(rule)}</span> <button type="button" class="link" disabled=${submit.busy} onClick=${() => remove(at)}>remove</button></li>`)}
          </ol>`
    }
    <form class="subform" data-testid="rule-form" onSubmit=${onSubmit(add)}>
      <h3>Add a rule to ${rewriting.displayName}</h3>
      <${Field} label="Name" field="displayName" refusal=${submit.refusal}>
        <input name="displayName" value=${draft.displayName} onInput=${set('displayName')} />
      <//>
      <${RuleInputs} draft=${draft} refusal=${submit.refusal} onDraft=${setDraft} />
      <${RefusalNote} refusal=${submit.refusal} placed=${RULE_FIELDS} testId="rule-refusal" />
      <${DoneNote} done=${submit.done} testId="rule-done" />
      <button type="submit" data-testid="rule-add" disabled=${submit.busy}>Add the rule</button>
    </form>
  </div>`;
}

/** What a rule matches, what it does to the number, and which dial strings it rewrites. */
function RuleInputs(props: { draft: RuleDraft; refusal: Refusal | undefined; onDraft: (draft: RuleDraft) => void }) {
  const { draft } = props;
  const set = (name: keyof RuleDraft) => (e: Event) => props.onDraft({ ...draft, [name]: valueOf(e) });
  return html`<div class="row">
      <${Field} label="Numbers starting with" field="prefix" refusal=${props.refusal}>
        <input name="prefix" size="8" value=${draft.prefix} onInput=${set('prefix')} />
      <//>
      <${Field} label="ending with" field="suffix" refusal=${props.refusal}>
        <input name="suffix" size="6" value=${draft.suffix} onInput=${set('suffix')} />
      <//>
    </div>
    <div class="row">
      <${Field} label="Delete leading" field="deleteLeadingCharacters" refusal=${props.refusal}>
        <input
          name="deleteLeadingCharacters"
          size="4"
          value=${draft.deleteLeadingCharacters}
          onInput=${set('deleteLeadingCharacters')}
        />
      <//>
      <${Field} label="Add in front" field="addPrefix" refusal=${props.refusal}>
        <input name="addPrefix" size="8" value=${draft.addPrefix} onInput=${set('addPrefix')} />
      <//>
      <${Field} label="Add at the end" field="addSuffix" refusal=${props.refusal}>
        <input name="addSuffix" size="6" value=${draft.addSuffix} onInput=${set('addSuffix')} />
      <//>
    </div>
    <div class="row">
      <label
        >Rewrites
        <select
          name="applies"
          value=${draft.applies}
          onChange=${(e: Event) => props.onDraft({ ...draft, applies: valueOf(e) as Applies })}
        >
          ${APPLIES.map((entry) => html`<option value=${entry.value}>${entry.label}</option>`)}
        </select></label
      >
      <label
        ><input
          type="checkbox"
          checked=${draft.skipFurtherRules}
          onChange=${(e: Event) => props.onDraft({ ...draft, skipFurtherRules: (e.target as HTMLInputElement).checked })}
        />
        no further rule once it matched</label
      >
    </div>`;
}
