import { EXIT } from './exitCodes.js';
import { controlRequest, type ControlOptions } from './controlRequest.js';

export const LABS_PATH = '/_sim/labs';

export type LabsAction =
  | { readonly kind: 'list' }
  | { readonly kind: 'create'; readonly name: string; readonly displayName?: string; readonly port?: number }
  | { readonly kind: 'remove'; readonly name: string };

interface LabView {
  name: string;
  displayName: string;
  createdAt: string;
  apiBase: string;
  port?: number | null;
}

/** The labs endpoint's fields, as the command line names them. */
const NAMES = { name: '<name>', lab: '<name>', displayName: '--display-name', port: '--port' };

/** One line per lab: its name, API base, port of its own (`port -` for none), display name and when it was made. */
export function describeLab(lab: LabView): string {
  return `${lab.name}\t${lab.apiBase}\tport ${lab.port ?? '-'}\t${lab.displayName}\t(made ${lab.createdAt})`;
}

/**
 * `gwsim labs list|create NAME [--port N]|remove NAME` against a running gwsim's `/_sim/labs`. Exit codes: 0 done,
 * 1 the gateway refused (a taken or bad name, a port in use, an unknown lab, the default lab) or could not be reached.
 */
export async function labs(action: LabsAction, options: ControlOptions): Promise<number> {
  const command = `labs ${action.kind}`;
  const answer =
    action.kind === 'list'
      ? await controlRequest({ command, method: 'GET', path: LABS_PATH }, options)
      : action.kind === 'create'
        ? await controlRequest(
            {
              command,
              method: 'POST',
              path: LABS_PATH,
              body: {
                name: action.name,
                ...(action.displayName !== undefined ? { displayName: action.displayName } : {}),
                ...(action.port !== undefined ? { port: action.port } : {}),
              },
              names: NAMES,
            },
            options,
          )
        : await controlRequest(
            { command, method: 'DELETE', path: `${LABS_PATH}/${encodeURIComponent(action.name)}`, names: NAMES },
            options,
          );
  if ('code' in answer) return answer.code;
  if (options.json) console.log(JSON.stringify(answer.json));
  else if (action.kind === 'list') console.log((answer.json as { labs: LabView[] }).labs.map(describeLab).join('\n'));
  else console.log(`${action.kind === 'create' ? 'made' : 'removed'}: ${describeLab(answer.json as LabView)}`);
  return EXIT.ok;
}
