/**
 * The C library's allocator settings the server's memory depends on (docs/operations.md,
 * "Memory"), read when the process starts, so given in its environment (`npm start` does):
 * - glibc serves allocations under its mmap threshold from arenas it rarely gives back, and
 *   raises that threshold to the size of any large block freed, up to 32 MB, so the blocks of a
 *   start-up's work (an import, the database thread's answers) stayed resident for good: ~90 MB
 *   on the embedded default. A fixed threshold of 1 MB returns such blocks when they are freed.
 * - glibc gives each thread that allocates at once an arena of its own, up to eight per core
 *   (the HTTP thread, the database's, libuv's four for compression, V8's), and the small blocks
 *   freed in each stay with it: a burst of reading and reviewing left the server 13–27 % above
 *   its idle memory a minute later. Two arenas: 6 % on PGlite, 15–18 % on PostgreSQL.
 */
export const MALLOC_SETTING = {
  MALLOC_MMAP_THRESHOLD_: '1048576',
  MALLOC_ARENA_MAX: '2',
} as const;

/** Each setting's name among glibc's tunables, its other form (`GLIBC_TUNABLES`). */
const TUNABLE_OF: Record<keyof typeof MALLOC_SETTING, string> = {
  MALLOC_MMAP_THRESHOLD_: 'mmap_threshold',
  MALLOC_ARENA_MAX: 'arena_max',
};

/** A hint for the start log when a setting would help and is missing (glibc's Linux only). */
export function mallocSettingHint(env: NodeJS.ProcessEnv = process.env): string | null {
  if (process.platform !== 'linux') return null;
  const missing = (Object.keys(MALLOC_SETTING) as (keyof typeof MALLOC_SETTING)[]).filter(
    (name) => !env[name] && !env.GLIBC_TUNABLES?.includes(TUNABLE_OF[name]),
  );
  if (missing.length === 0) return null;
  const settings = missing.map((name) => `${name}=${MALLOC_SETTING[name]}`).join(' ');
  return `${settings} in the environment keeps memory lower: idle (about 90 MB on the embedded default) and after a burst of requests (docs/operations.md, "Memory")`;
}
