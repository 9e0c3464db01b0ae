import type { TChatMessage } from '@curio/shared';

/**
 * One thread out of several sources (the newest page, older pages, the live stream, the
 * sender's own send result): the same message can arrive from more than one, so they are
 * merged by id and put in delivery (seq) order. A later copy wins, so a read flag set by
 * the stream replaces the stale one of a page.
 */
export function mergeMessages(...sources: readonly (readonly TChatMessage[])[]): TChatMessage[] {
  const byId = new Map<string, TChatMessage>();
  for (const source of sources) for (const message of source) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.seq - b.seq);
}

/** The messages of the conversation with `peerId`, sent or received by the member. */
export function inConversation(messages: readonly TChatMessage[], peerId: string): TChatMessage[] {
  return messages.filter((message) => message.senderId === peerId || message.receiverId === peerId);
}
