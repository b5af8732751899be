/** The Prometheus text parser the metrics tests read /metrics with (the package ships no types). */
declare module 'parse-prometheus-text-format' {
  interface Amostra {
    value?: string;
    count?: string;
    sum?: string;
    labels?: Record<string, string>;
    buckets?: Record<string, string>;
  }
  interface Familia {
    name: string;
    help: string;
    type: 'COUNTER' | 'GAUGE' | 'HISTOGRAM' | 'SUMMARY' | 'UNTYPED';
    metrics: Amostra[];
  }
  export default function parsePrometheusTextFormat(texto: string): Familia[];
}
