import { memo, type ReactNode, useMemo } from 'react';
import { useRenderedInSteps } from '../lib/render-steps';

/** Items per group: a step of the list draws its groups, not each item drawn before. */
const GROUP_SIZE = 8;

interface ItemsProps<T> {
  /** The item's key, which also says that an item drawn before is the same one. */
  keyOf: (item: T) => string | number;
  /** The item's content. Stable (useCallback): a group whose items are unchanged is skipped. */
  renderItem: (item: T) => ReactNode;
  /** Classes of each item's list element. */
  itemClassName: string;
}

interface SteppedListProps<T> extends ItemsProps<T> {
  items: readonly T[];
  /** Items drawn at once: a screenful on a phone and on a desktop. */
  first: number;
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
  className,
  labelledBy,
  ...itemsProps
}: SteppedListProps<T>) {
  const rendered = useRenderedInSteps(items, first, { keyOf: itemsProps.keyOf });
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
          // A group is a place in the list; its items have their own keys.
          <ItemGroup key={index} items={group} count={count} {...itemsProps} />
        ) : null;
      })}
    </ul>
  );
}

type ItemGroupProps<T> = ItemsProps<T> & { items: readonly T[]; count: number };

/**
 * The first `count` items of a group. Each item is its own layout context: a change inside one
 * (a save on the word list) does not make the browser walk the paint properties of the whole
 * list. Not paint containment, which would clip a card's ring and focus outlines.
 */
const ItemGroup = memo(function ItemGroup<T>({
  items,
  count,
  keyOf,
  renderItem,
  itemClassName,
}: ItemGroupProps<T>) {
  return items.slice(0, count).map((item) => (
    <li key={keyOf(item)} className={`${itemClassName} [contain:layout_style]`}>
      {renderItem(item)}
    </li>
  ));
}) as <T>(props: ItemGroupProps<T>) => ReactNode;
