/** One fact: what it is and its value ("Established" / "1983"). */
export interface Fact {
  term: string;
  detail: string;
}

/**
 * Facts as a description list, each term and its detail in a wrapper of its own (so a section can lay them out
 * as cards or a grid): `className` on the list, `itemClassName` on each wrapper.
 */
export function FactList({
  facts,
  className,
  itemClassName,
}: {
  facts: readonly Fact[];
  className?: string;
  itemClassName: string;
}) {
  return (
    <dl className={className}>
      {facts.map((fact) => (
        <div key={fact.term} className={itemClassName}>
          <dt>{fact.term}</dt>
          <dd>{fact.detail}</dd>
        </div>
      ))}
    </dl>
  );
}
