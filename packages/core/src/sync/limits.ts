// The sync endpoint's limits, apart from its schemas so that a queue may know them without
// loading the validation library.

/** Longest operation id a client may send (a UUID is 36). */
export const OPERATION_ID_MAX = 64;
/** Most operations one sync request may carry (the hard flush of every queue is below this). */
export const SYNC_BATCH_MAX = 100;
