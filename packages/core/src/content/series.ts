/**
 * A story's place in its series, as the API sends it with the story: which series, which part
 * of how many, and the parts' story ids in reading order (the next part is `stories[part]`).
 */
export interface StorySeries {
  id: string;
  title: { de: string; en: string; es: string; kr: string };
  /** 1-based. */
  part: number;
  total: number;
  stories: number[];
}

/** The id of the part after this one, or null after the last. */
export function nextPartId(series: StorySeries): number | null {
  return series.stories[series.part] ?? null;
}
