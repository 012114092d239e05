import { Reply } from './Reply.js';

/**
 * JSON answers serialised once per value they render, for list reads answered from state kept in memory and shared
 * until a write replaces it (a lab's identity snapshot, its working configuration graph). The key is that kept
 * value, held weakly: while a read gets the same value back, it gets the same bytes, without building the views or
 * serialising them again; a write that replaces the value starts afresh, and the old answers go with the old value.
 * `variant` tells apart answers of one value that the request shapes (the date format). The key must not change
 * while it is kept (the kept states are frozen or read-only by contract).
 */
export class SerializedAnswers<K extends object, V = undefined> {
  private readonly answers = new WeakMap<K, Map<V, Reply>>();

  reply(key: K, variant: V, render: () => unknown): Reply {
    let byVariant = this.answers.get(key);
    const kept = byVariant?.get(variant);
    if (kept) return kept;
    const answer = Reply.serializedJson(JSON.stringify(render() ?? null));
    if (!byVariant) this.answers.set(key, (byVariant = new Map()));
    byVariant.set(variant, answer);
    return answer;
  }
}
