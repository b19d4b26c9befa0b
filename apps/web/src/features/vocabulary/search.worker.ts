/// <reference lib="webworker" />
import '@lesefuchs/core/browser-setup';
import { createFormsLookup } from './search-forms';
import { SearchEngine, type SearchRequest } from './search-index';

// The vocabulary search off the main thread: an `index` message (re)builds the index when its
// version, language or stemmer changed; a `search` message is answered with the matching entry
// ids, best first, once the form look-up has answered or given up. Messages are handled in
// order, so a search after an index uses that index; answers carry their request's id, so one
// that waited on the network may arrive after a later one.

declare const self: DedicatedWorkerGlobalScope;

const engine = new SearchEngine(createFormsLookup());

self.addEventListener('message', (event: MessageEvent<SearchRequest>) => {
  void engine.handle(event.data).then((answer) => {
    if (answer) self.postMessage(answer);
  });
});
