import { useEffect, useState } from 'react';
import { afterIdle } from './idle';

/** False until the page has loaded, the browser has been idle and `delayMs` more have passed. */
export function useAfterIdle(delayMs = 0): boolean {
  const [due, setDue] = useState(false);
  useEffect(() => afterIdle(delayMs, () => setDue(true)), [delayMs]);
  return due;
}
