import { EXIT } from './exitCodes.js';
import { controlRequest, type ControlOptions } from './controlRequest.js';

export const LABS_PATH = '/_sim/labs';

export type LabsAction =
  | { readonly kind: 'list' }
  | { readonly kind: 'create'; readonly name: string; readonly displayName?: string; readonly port?: number }
  | { readonly kind: 'remove'; readonly name: string }
  | { readonly kind: 'reset'; readonly name: string; readonly to: string };

interface LabView {
  name: string;
  displayName: string;
  createdAt: string;
  apiBase: string;
  port?: number | null;
}

/** The labs endpoint's fields, as the command line names them. */
const NAMES = { name: '<name>', lab: '<name>', displayName: '--display-name', port: '--port', to: '--to' };

/** One line per lab: its name, API base, port of its own (`port -` for none), display name and when it was made. */
export function describeLab(lab: LabView): string {
  return `${lab.name}\t${lab.apiBase}\tport ${lab.port ?? '-'}\t${lab.displayName}\t(made ${lab.createdAt})`;
}

/** The request of each verb. */
function labsCall(action: LabsAction) {
  const one = (name: string) => `${LABS_PATH}/${encodeURIComponent(name)}`;
  switch (action.kind) {
    case 'list':
      return { method: 'GET' as const, path: LABS_PATH };
    case 'create':
      return {
        method: 'POST' as const,
        path: LABS_PATH,
        body: {
          name: action.name,
          ...(action.displayName !== undefined ? { displayName: action.displayName } : {}),
          ...(action.port !== undefined ? { port: action.port } : {}),
        },
      };
    case 'remove':
      return { method: 'DELETE' as const, path: one(action.name) };
    case 'reset':
      return { method: 'POST' as const, path: `${one(action.name)}/reset`, body: { to: action.to } };
  }
}

const DONE = { create: 'made', remove: 'removed', reset: 'reset' } as const;

/**
 * `gwsim labs list|create NAME [--port N]|remove NAME|reset NAME --to WHAT` against a running gwsim's `/_sim/labs`.
 * Exit codes: 0 done, 1 the gateway refused (a taken or bad name, a port in use, an unknown lab, the default lab,
 * an unknown snapshot) or could not be reached.
 */
export async function labs(action: LabsAction, options: ControlOptions): Promise<number> {
  const command = `labs ${action.kind}`;
  const answer = await controlRequest({ command, ...labsCall(action), names: NAMES }, options);
  if ('code' in answer) return answer.code;
  if (options.json) console.log(JSON.stringify(answer.json));
  else if (action.kind === 'list') console.log((answer.json as { labs: LabView[] }).labs.map(describeLab).join('\n'));
  else
    console.log(
      `${DONE[action.kind]}${action.kind === 'reset' ? ` to ${action.to}` : ''}: ${describeLab(answer.json as LabView)}`,
    );
  return EXIT.ok;
}
