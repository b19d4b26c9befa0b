export * from './auth.ts';
export * from './sync.ts';
