// The study events of spec 3 §4, announced on the window so any part of the app (the header's
// streak, the study hub, an analytics hook) can follow a session without importing it:
// window.addEventListener(STUDY_EVENT, (event) => event.detail.type …).

export const STUDY_EVENT = 'lesefuchs:study';

export type StudyEventType =
  | 'card-rated'
  | 'card-suspended'
  | 'session-start'
  | 'session-complete'
  | 'deck-switch'
  | 'cache-invalidate'
  | 'cards-fetched';

export interface StudyEventDetail {
  type: StudyEventType;
  [key: string]: unknown;
}

export function emitStudyEvent(type: StudyEventType, detail: Record<string, unknown> = {}): void {
  window.dispatchEvent(
    new CustomEvent<StudyEventDetail>(STUDY_EVENT, { detail: { ...detail, type } }),
  );
}
