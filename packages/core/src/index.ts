export * from './api-error.ts';
export * from './i18n/languages.ts';
export * from './navigation/recovery-link.ts';
export * from './navigation/scroll.ts';
export * from './sync/operations.ts';
export * from './sync/queue-policy.ts';
