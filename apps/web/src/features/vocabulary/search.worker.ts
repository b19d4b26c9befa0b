/// <reference lib="webworker" />
import { SearchEngine, type SearchRequest } from './search-index';

// The vocabulary search off the main thread: an `index` message (re)builds the index when its
// version, language or stemmer changed; a `search` message is answered with the matching entry
// ids, best first. Messages are handled in order, so a search after an index uses that index.

declare const self: DedicatedWorkerGlobalScope;

const engine = new SearchEngine();

self.addEventListener('message', (event: MessageEvent<SearchRequest>) => {
  const answer = engine.handle(event.data);
  if (answer) self.postMessage(answer);
});
