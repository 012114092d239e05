import { h, type ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import htm from 'htm';
import { ApiError, type Scope } from './api.js';

const html = htm.bind(h);

/** One finding of a refusal: the field it names (a path such as `filters[0].destinationDialString`) and why. */
export interface FieldProblem {
  readonly field: string;
  readonly message: string;
}

/** Why the gateway refused a change, in its own words: the error's message, its code and what it says per field. */
export interface Refusal {
  readonly message: string;
  readonly code: string | undefined;
  /** 409 STALE_VERSION: someone changed the object since it was read. */
  readonly stale: boolean;
  readonly fields: readonly FieldProblem[];
}

/** A refusal from what a change threw: the gateway's error (message, code, details), or what went wrong otherwise. */
export function refusalOf(error: unknown, stripPrefix = ''): Refusal {
  if (error instanceof ApiError) {
    const body = error.answer.body as
      | { error?: { code?: string; message?: string; details?: ReadonlyArray<{ field?: string; message?: string }> } }
      | undefined;
    const found = body?.error;
    const fields = (found?.details ?? [])
      .filter((detail) => detail.message)
      .map((detail) => ({
        field:
          stripPrefix && detail.field?.startsWith(stripPrefix)
            ? detail.field.slice(stripPrefix.length)
            : (detail.field ?? ''),
        message: detail.message!,
      }));
    return {
      message: found?.message ?? `the gateway refused the change and gave no reason (HTTP ${error.answer.status})`,
      code: found?.code,
      stale: found?.code === 'STALE_VERSION',
      fields,
    };
  }
  return {
    message: `the gateway cannot be reached (${error instanceof Error ? error.message : String(error)})`,
    code: undefined,
    stale: false,
    fields: [],
  };
}

/** Whether a finding belongs to a field: the field itself or a part of it (`credentials` holds `credentials.password`). */
export function belongsTo(problem: FieldProblem, field: string): boolean {
  return problem.field === field || problem.field.startsWith(`${field}.`) || problem.field.startsWith(`${field}[`);
}

/**
 * Runs a change a form sends: its refusal (kept until the next attempt) or its outcome in words. A 401 ends the
 * session it rode on. `run` never rejects, so forms start it with `void`.
 */
export function useSubmit(onUnauthenticated: (scope: Scope) => void, stripPrefix = '') {
  const [refusal, setRefusal] = useState<Refusal | undefined>(undefined);
  const [done, setDone] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const run = async (what: () => Promise<string>): Promise<void> => {
    setBusy(true);
    setRefusal(undefined);
    setDone(undefined);
    try {
      setDone(await what());
    } catch (error) {
      if (error instanceof ApiError && error.answer.status === 401) {
        onUnauthenticated(error.scope);
        return;
      }
      setRefusal(refusalOf(error, stripPrefix));
    } finally {
      setBusy(false);
    }
  };
  const clear = () => {
    setRefusal(undefined);
    setDone(undefined);
  };
  return { refusal, done, busy, run, clear, refuse: setRefusal };
}

/** The findings of a refusal about one field, shown under its input. */
export function FieldProblems(props: { refusal: Refusal | undefined; field: string }) {
  const problems = props.refusal?.fields.filter((problem) => belongsTo(problem, props.field)) ?? [];
  return problems.length === 0
    ? null
    : html`<ul class="field-problems" data-field=${props.field}>
        ${problems.map((problem) => html`<li>${problem.message}</li>`)}
      </ul>`;
}

/** A labelled input (or group) with the refusal's findings about its field under it. */
export function Field(props: {
  label: string;
  field: string;
  refusal: Refusal | undefined;
  hint?: string;
  children: ComponentChildren;
}) {
  const wrong = props.refusal?.fields.some((problem) => belongsTo(problem, props.field)) ?? false;
  return html`<div class=${wrong ? 'field wrong' : 'field'} data-field=${props.field}>
    <label>
      <span class="field-label">${props.label}</span>
      ${props.children}
    </label>
    ${props.hint ? html`<span class="muted">${props.hint}</span>` : ''}
    <${FieldProblems} refusal=${props.refusal} field=${props.field} />
  </div>`;
}

/**
 * The refusal in words: the gateway's message, then the findings about fields the form has no input for
 * (`placed` lists those it shows beside their inputs). No status code: the message says what is wrong.
 */
export function RefusalNote(props: { refusal: Refusal | undefined; placed?: readonly string[]; testId?: string }) {
  const { refusal } = props;
  if (!refusal) return null;
  const placed = props.placed ?? [];
  const elsewhere = refusal.fields.filter((problem) => !placed.some((field) => belongsTo(problem, field)));
  return html`<div class="problem refusal" role="alert" data-testid=${props.testId ?? 'refusal'}>
    <p>${refusal.message}</p>
    ${
      elsewhere.length > 0
        ? html`<ul>
            ${elsewhere.map((problem) => html`<li>${problem.field ? html`<code>${problem.field}</code>: ` : ''}${problem.message}</li>`)}
          </ul>`
        : ''
    }
  </div>`;
}

/** What a change did, in words. */
export function DoneNote(props: { done: string | undefined; testId?: string }) {
  return props.done ? html`<p class="done" data-testid=${props.testId ?? 'done'}>${props.done}</p>` : null;
}

/** The value of the input an event came from. */
export const valueOf = (event: Event) => (event.target as HTMLInputElement).value;

/** A port or count as typed: a whole number when it reads as one, else the text as typed (the gateway names it). */
export function numberOrText(text: string): number | string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return /^-?\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/** A form's submit handler: the page stays, the handler runs. */
export const onSubmit = (handler: () => void) => (event: Event) => {
  event.preventDefault();
  handler();
};
