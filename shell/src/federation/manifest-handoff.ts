/**
 * Manifests the shell has started reading for a click, handed to the federation runtime when it asks for them
 * (docs/decisions/063): the shell reads a remote's manifest at the click to start the page's files at once, and the
 * runtime, which needs the same manifest before it loads the entry, takes that read instead of making a second
 * request. Each read is handed over once: a later request (a retry after a failure) goes to the network.
 * No shared module is imported here: the runtime plugin that reads it runs before the share scope exists.
 */
const offered = new Map<string, Promise<unknown>>();

/** Offers the runtime a manifest read (its parsed JSON) already under way. A failed read is withdrawn. */
export function offerManifest(url: string, json: Promise<unknown>): void {
  offered.set(url, json);
  json.catch(() => {
    if (offered.get(url) === json) offered.delete(url);
  });
}

/** Takes the read offered for `url`, if any; it is not offered again. */
export function takeManifest(url: string): Promise<unknown> | undefined {
  const json = offered.get(url);
  offered.delete(url);
  return json;
}
