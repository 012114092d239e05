import type { LabId } from '../../../../shared/domain/LabId.js';

/** What a request answered: its status, and its body as JSON when it is JSON, else as text. */
export interface GatewayAnswer {
  readonly status: number;
  readonly body: unknown;
}

/**
 * Runs a gateway operation (`/api/…`, `/app/…`) of a lab as the lab's built-in administrator, or a control
 * endpoint (`/_sim/…`) as the default lab's, in process, through the whole HTTP pipeline (fault rules and the
 * journal included), as a client would see it. A scenario's `request` and `expect` steps use it. The composition
 * root implements it over the HTTP application (contexts never import it).
 */
export abstract class GatewayRequests {
  abstract send(lab: LabId, method: string, path: string, body?: unknown): Promise<GatewayAnswer>;
}
