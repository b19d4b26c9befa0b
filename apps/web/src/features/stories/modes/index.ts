export { FocusMode } from './FocusMode';
export { HyperfocusMode, type HyperfocusModeProps } from './HyperfocusMode';
export type { HyperfocusSpeed } from './hyperfocus';
export { LearningMode } from './LearningMode';
export { LessonMode, VocabularyTest } from './LessonMode';
export { PracticeMode } from './PracticeMode';
export type { ModeProps } from './types';
