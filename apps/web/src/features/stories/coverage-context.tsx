import type { Coverage } from '@lesefuchs/core/reading/coverage';
import { createContext, type ReactNode, useContext } from 'react';
import { useStoryCoverage } from './story-coverage';

const CoverageContext = createContext<ReadonlyMap<number, Coverage> | undefined>(undefined);

/**
 * Every story's coverage for what it wraps. When the lemma lists arrive or the known words
 * change, only what reads a coverage draws again (each card's line, a sort by coverage), not
 * every card of the list: that was a long task on a phone.
 */
export function StoryCoverageProvider({ children }: { children: ReactNode }) {
  const { coverage } = useStoryCoverage();
  return <CoverageContext.Provider value={coverage}>{children}</CoverageContext.Provider>;
}

/** Every story's coverage, by story id; undefined while the lemma lists load. */
export function useCoverageMap(): ReadonlyMap<number, Coverage> | undefined {
  return useContext(CoverageContext);
}
