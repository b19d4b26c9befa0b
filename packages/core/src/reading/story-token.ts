import type { FormTag } from '../text/form-tags.ts';
import type { NameKind } from '../text/resolve.ts';

/** A word of a story's German text as the reader gets it: where it is and what a tap shows. */
export interface StoryToken {
  start: number;
  end: number;
  /** The entry the word is in its sentence. */
  vocabularyId: number | null;
  /** For a compound without an entry of its own: the entries of its parts. */
  parts?: number[];
  /** One of the story's target words. */
  target?: true;
  /** What the form written here is of its entry ("weiß": pres1s, pres3s). */
  form?: FormTag[];
  /** Other entries the written form can be of, most likely first. */
  alternatives?: number[];
  /** Part of a separable verb written apart: its finite verb or its particle. */
  separable?: true;
  /** A name with no entry. */
  name?: NameKind;
}
