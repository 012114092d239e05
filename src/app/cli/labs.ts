import { EXIT } from './exitCodes.js';
import { controlRequest, type ControlOptions } from './controlRequest.js';

export const LABS_PATH = '/_sim/labs';

export type LabsAction =
  | { readonly kind: 'list' }
  | { readonly kind: 'create'; readonly name: string; readonly displayName?: string }
  | { readonly kind: 'remove'; readonly name: string };

interface LabView {
  name: string;
  displayName: string;
  createdAt: string;
  apiBase: string;
}

export function describeLab(lab: LabView): string {
  return `${lab.name}\t${lab.apiBase}\t${lab.displayName}\t(made ${lab.createdAt})`;
}

/**
 * `gwsim labs list|create NAME|remove NAME` against a running gwsim's `/_sim/labs`. Exit codes: 0 done, 1 the
 * gateway refused (a taken or bad name, an unknown lab, the default lab) or could not be reached.
 */
export async function labs(action: LabsAction, options: ControlOptions): Promise<number> {
  const answer =
    action.kind === 'list'
      ? await controlRequest('labs list', 'GET', LABS_PATH, undefined, options)
      : action.kind === 'create'
        ? await controlRequest(
            'labs create',
            'POST',
            LABS_PATH,
            { name: action.name, ...(action.displayName !== undefined ? { displayName: action.displayName } : {}) },
            options,
          )
        : await controlRequest(
            'labs remove',
            'DELETE',
            `${LABS_PATH}/${encodeURIComponent(action.name)}`,
            undefined,
            options,
          );
  if ('code' in answer) return answer.code;
  if (options.json) console.log(JSON.stringify(answer.json));
  else if (action.kind === 'list') console.log((answer.json as { labs: LabView[] }).labs.map(describeLab).join('\n'));
  else console.log(`${action.kind === 'create' ? 'made' : 'removed'}: ${describeLab(answer.json as LabView)}`);
  return EXIT.ok;
}
