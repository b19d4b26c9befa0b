import { Fragment, memo, type ReactNode, useMemo } from 'react';
import { useRenderedInSteps } from '../lib/render-steps';

/** Items per group: a step of the list draws its groups, not each item drawn before. */
const GROUP_SIZE = 8;

interface SteppedListProps<T> {
  items: readonly T[];
  /** Items drawn at once: a screenful on a phone and on a desktop. */
  first: number;
  /** The item's key, which also says that an item drawn before is the same one. */
  keyOf: (item: T) => string | number;
  /** The item's list element. Stable (useCallback): a group whose items are unchanged is skipped. */
  renderItem: (item: T) => ReactNode;
  className: string;
  labelledBy?: string;
}

/**
 * A long list drawn a screenful at once and the rest in steps (lib/render-steps.ts), its items
 * in memoised groups, so that a step compares a dozen groups rather than every item drawn
 * before it, and a change of one item keeps what is drawn.
 */
export function SteppedList<T>({
  items,
  first,
  keyOf,
  renderItem,
  className,
  labelledBy,
}: SteppedListProps<T>) {
  const rendered = useRenderedInSteps(items, first, { keyOf });
  const groups = useMemo(() => {
    const chunks: (readonly T[])[] = [];
    for (let start = 0; start < items.length; start += GROUP_SIZE) {
      chunks.push(items.slice(start, start + GROUP_SIZE));
    }
    return chunks;
  }, [items]);
  return (
    <ul aria-labelledby={labelledBy} className={className}>
      {groups.map((group, index) => {
        const count = Math.min(group.length, rendered - index * GROUP_SIZE);
        return count > 0 ? (
          <ItemGroup
            // A group is a place in the list; its items have their own keys.
            key={index}
            items={group}
            count={count}
            keyOf={keyOf}
            renderItem={renderItem}
          />
        ) : null;
      })}
    </ul>
  );
}

const ItemGroup = memo(function ItemGroup<T>({
  items,
  count,
  keyOf,
  renderItem,
}: {
  items: readonly T[];
  count: number;
  keyOf: (item: T) => string | number;
  renderItem: (item: T) => ReactNode;
}) {
  return items
    .slice(0, count)
    .map((item) => <Fragment key={keyOf(item)}>{renderItem(item)}</Fragment>);
}) as <T>(props: {
  items: readonly T[];
  count: number;
  keyOf: (item: T) => string | number;
  renderItem: (item: T) => ReactNode;
}) => ReactNode;
