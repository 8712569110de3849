// The domain's rules write their messages in English (the server answers with the same text). A
// screen shows each message it knows in the page's language by its catalogue key; any other text
// (the server's own) as it came.

/** A rule's English message, the key that says it, and the values the key needs. */
export type KnownMessage<K extends string> = readonly [message: string, key: K, values?: Readonly<Record<string, number>>];

/** Says `message` through `t` when it is one of `known`, else returns it unchanged. */
export function knownMessages<K extends string>(known: ReadonlyArray<KnownMessage<K>>) {
  const byMessage = new Map(known.map(([message, key, values]) => [message, { key, values }]));
  return (message: string, t: (key: K, values?: Record<string, number>) => string): string => {
    const found = byMessage.get(message);
    return found ? t(found.key, found.values) : message;
  };
}
