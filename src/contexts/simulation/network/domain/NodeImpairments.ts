import type { MediaQualityFigures } from '../../calls/domain/MediaQuality.js';

/** A node's media impairment: the share of RTP packets lost, and the jitter (undefined: unchanged). */
export interface MediaImpairment {
  readonly lossPercent: number;
  readonly jitterMs: number | undefined;
}

/**
 * What the network does to a lab's nodes now: nodes that do not answer at all (down), trunks that refuse every
 * INVITE (503), nodes whose media is impaired. `version` changes with every change, so a reader notices cheaply.
 */
export class NodeImpairments {
  constructor(
    readonly version: number,
    private readonly downNodes: ReadonlySet<string>,
    private readonly refusingTrunks: ReadonlySet<string>,
    private readonly media: ReadonlyMap<string, MediaImpairment>,
  ) {}

  get empty(): boolean {
    return this.downNodes.size === 0 && this.refusingTrunks.size === 0 && this.media.size === 0;
  }

  isDown(nodeId: string): boolean {
    return this.downNodes.has(nodeId);
  }

  trunkRefuses(nodeId: string): boolean {
    return this.refusingTrunks.has(nodeId);
  }

  mediaOf(nodeId: string): MediaImpairment | undefined {
    return this.media.get(nodeId);
  }
}

export const NO_IMPAIRMENTS = new NodeImpairments(0, new Set(), new Set(), new Map());

/**
 * The media of a call that also crosses an impaired node: losses on the two stretches add up as independent
 * losses (1 − (1 − a)(1 − b)); the jitter is the higher of the two (the impairment's when it gives one). A fault
 * only makes media worse, never better.
 */
export function impairedMedia(
  media: MediaQualityFigures,
  impairment: MediaImpairment | undefined,
): MediaQualityFigures {
  if (!impairment) return media;
  const lossPercent = 100 * (1 - (1 - media.lossPercent / 100) * (1 - impairment.lossPercent / 100));
  return {
    lossPercent: Math.round(lossPercent * 1000) / 1000,
    jitterMs: impairment.jitterMs === undefined ? media.jitterMs : Math.max(media.jitterMs, impairment.jitterMs),
  };
}
