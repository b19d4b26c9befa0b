// The part of autocannon's API the benchmarks use (the package ships no types).
declare module 'autocannon' {
  interface Histogram {
    average: number;
    max: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
  }
  export interface RawRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  export interface Options {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    connections?: number;
    overallRate?: number;
    duration?: number;
    amount?: number;
    requests?: { setupRequest?: (request: RawRequest) => RawRequest }[];
  }
  interface Result {
    requests: { total: number; average: number };
    latency: Histogram;
    non2xx: number;
    /** Answers by status class (autocannon counts them as it goes). */
    '3xx': number;
    errors: number;
    timeouts: number;
    duration: number;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
