export * from './activity.ts';
export * from './auth.ts';
export * from './content.ts';
export * from './flashcards.ts';
export * from './limits.ts';
export * from './mail.ts';
export * from './profile.ts';
export * from './sync.ts';
