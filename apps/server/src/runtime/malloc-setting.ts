/**
 * The C library's allocator setting the embedded database's memory depends on (docs/operations.md,
 * "Memory"): glibc serves allocations under its mmap threshold from arenas it rarely gives back,
 * and raises that threshold to the size of any large block freed, up to 32 MB, so the blocks of a
 * start-up's work (an import, the database thread's answers) stayed resident for good: ~90 MB on
 * the embedded default. A fixed threshold of 1 MB returns such blocks when they are freed. The
 * setting is read when the process starts, so it is given in its environment (`npm start` does).
 */
export const MALLOC_SETTING = { MALLOC_MMAP_THRESHOLD_: '1048576' } as const;

/** A hint for the start log when the setting would help and is missing (glibc's Linux only). */
export function mallocSettingHint(env: NodeJS.ProcessEnv = process.env): string | null {
  if (process.platform !== 'linux') return null;
  if (env.MALLOC_MMAP_THRESHOLD_ || env.GLIBC_TUNABLES?.includes('mmap_threshold')) return null;
  return `MALLOC_MMAP_THRESHOLD_=${MALLOC_SETTING.MALLOC_MMAP_THRESHOLD_} in the environment keeps idle memory about 90 MB lower (docs/operations.md, "Memory")`;
}
