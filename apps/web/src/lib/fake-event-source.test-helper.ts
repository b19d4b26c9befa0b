/**
 * An event stream as the app uses it (named listeners, close), faked at the edge for the
 * realtime tests: the browser's EventSource, or the `eventsource` package in the shell (whose
 * options, with the fetch that carries the token, are kept for the test to call).
 */
export class FakeEventSource {
  static last: FakeEventSource | null = null;
  private readonly listeners = new Map<string, ((event: MessageEvent) => void)[]>();
  constructor(
    readonly url: string,
    readonly options?: {
      fetch?: (input: string, init?: RequestInit) => Promise<Response>;
      withCredentials?: boolean;
    },
  ) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: string, data = 'null') {
    for (const listener of this.listeners.get(type) ?? []) {
      listener(new MessageEvent(type, { data }));
    }
  }
  close() {}
}
