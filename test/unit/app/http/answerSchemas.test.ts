import { expect } from 'chai';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { openApiDocumentText } from '../../../../src/app/http/openApiDocumentText.js';
import { SERVED_OPERATIONS } from '../../../../src/app/operations.js';

type Schema = Record<string, unknown>;
interface Document {
  readonly paths: Record<string, Record<string, { responses: Record<string, unknown>; requestBody?: unknown }>>;
  readonly components: { readonly schemas: Record<string, Schema> };
}

/**
 * The answer members that may be null, each with its reason: what the real product sends (the gateway's document),
 * or a member that holds any JSON value, null among them (the control document). Every other member of every
 * schema an answer reaches is never null.
 */
const NULLABLE_ANSWER_MEMBERS: Readonly<Record<'gateway' | 'control', Readonly<Record<string, string>>>> = {
  gateway: {
    'NodeCertificateView.certificate': 'the real product answers certificate: null for an entry without one',
    'NodeCertificateView.privateKey':
      "privateKey: null for a certificate whose key the gateway does not hold (the node's chain)",
  },
  control: {
    'CheckResultView.expected': "any JSON value a scenario's check expects, null among them",
    'CheckResultView.actual': 'any JSON value a scenario read at the path, null among them',
    'FaultEffectDto.body': "any JSON value a fault rule answers with, as the rule's author wrote it",
  },
};

function refsIn(value: unknown, into: Set<string>): void {
  for (const match of JSON.stringify(value ?? null).matchAll(/"#\/components\/schemas\/([^"]+)"/g)) into.add(match[1]!);
}

/** The component schemas the operations' answers reach (every status, through $refs), and those their requests reach. */
function reached(document: Document): { answers: Set<string>; requests: Set<string> } {
  const answers = new Set<string>();
  const requests = new Set<string>();
  for (const item of Object.values(document.paths))
    for (const op of Object.values(item)) {
      refsIn(op.responses, answers);
      refsIn(op.requestBody, requests);
    }
  for (const names of [answers, requests]) for (const name of names) refsIn(document.components.schemas[name], names);
  return { answers, requests };
}

/** `Name.member` → JSON pointer of every member of a schema, nested inline objects and array items included. */
function members(name: string, schema: unknown, pointer: string, into: Map<string, string>): void {
  if (!schema || typeof schema !== 'object') return;
  const s = schema as Schema;
  for (const [member, property] of Object.entries((s['properties'] ?? {}) as Record<string, unknown>)) {
    const at = `${pointer}/properties/${member}`;
    into.set(`${name}.${member}`, at);
    members(`${name}.${member}`, property, at, into);
  }
  if (s['items']) members(`${name}[]`, s['items'], `${pointer}/items`, into);
  for (const key of ['anyOf', 'oneOf', 'allOf'])
    ((s[key] ?? []) as unknown[]).forEach((branch, i) => members(name, branch, `${pointer}/${key}/${i}`, into));
}

describe('the OpenAPI documents describe answers a strict client can bind', () => {
  for (const kind of ['gateway', 'control'] as const) {
    const document = JSON.parse(openApiDocumentText(SERVED_OPERATIONS, kind)) as Document;
    const ajv = new Ajv2020({ strict: false, validateSchema: false, logger: false });
    addFormats(ajv);
    ajv.addSchema(document as object, 'doc');
    const allowsNull = (pointer: string) => ajv.getSchema(`doc#${pointer}`)!(null) === true;
    const { answers, requests } = reached(document);

    it(`${kind}: every member of every schema an answer reaches is never null, but the listed ones`, () => {
      expect(answers.size, 'answer schemas found').to.be.greaterThan(kind === 'gateway' ? 100 : 30);
      const nullable: string[] = [];
      for (const name of answers) {
        const found = new Map<string, string>();
        members(name, document.components.schemas[name], `/components/schemas/${name}`, found);
        for (const [member, pointer] of found) if (allowsNull(pointer)) nullable.push(member);
      }
      expect(nullable.sort()).to.deep.equal(Object.keys(NULLABLE_ANSWER_MEMBERS[kind]).sort());
    });

    it(`${kind}: a schema only requests reach lets its optional members be null`, () => {
      const requestOnly = [...requests].filter((name) => !answers.has(name));
      expect(requestOnly.length, 'request-only schemas found').to.be.greaterThan(kind === 'gateway' ? 40 : 5);
      for (const name of requestOnly) {
        const schema = document.components.schemas[name]!;
        const required = new Set((schema['required'] as string[] | undefined) ?? []);
        for (const member of Object.keys((schema['properties'] ?? {}) as object).filter((m) => !required.has(m)))
          expect(allowsNull(`/components/schemas/${name}/properties/${member}`), `${name}.${member}`).to.equal(true);
      }
    });
  }
});
