import { useId } from 'react';
import type { JobOpening } from '@metrology/shared';

interface Props {
  opening: JobOpening;
  expanded: boolean;
  onToggle: () => void;
  onApply: (opener: HTMLButtonElement) => void;
}

/** One opening: a disclosure button reveals description, responsibilities and requirements. */
export function OpeningCard({ opening, expanded, onToggle, onApply }: Props) {
  const id = useId();
  const titleId = `${id}-title`;
  const detailsId = `${id}-details`;
  return (
    <li className={`careers-opening${expanded ? ' careers-opening--expanded' : ''}`}>
      <h2 className="careers-opening__heading">
        <button
          type="button"
          className="careers-opening__toggle"
          aria-expanded={expanded}
          aria-controls={detailsId}
          onClick={onToggle}
        >
          <span id={titleId}>{opening.title}</span>
          <svg
            viewBox="0 0 24 24"
            width="24"
            height="24"
            aria-hidden="true"
            className="careers-opening__chevron"
          >
            <path fill="currentColor" d="M7.4 8.6 12 13.2l4.6-4.6L18 10l-6 6-6-6z" />
          </svg>
        </button>
      </h2>
      <p className="careers-opening__meta">
        <span>
          <span className="careers-opening__label">Location:</span> {opening.location}
        </span>
        <span>
          <span className="careers-opening__label">Qualification:</span> {opening.qualification}
        </span>
      </p>
      <div id={detailsId} className="careers-opening__details" hidden={!expanded}>
        <p>{opening.description}</p>
        {opening.responsibilities?.length ? (
          <>
            <h3>Responsibilities</h3>
            <ul>
              {opening.responsibilities.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </>
        ) : null}
        {opening.requirements?.length ? (
          <>
            <h3>Requirements</h3>
            <ul>
              {opening.requirements.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </>
        ) : null}
      </div>
      <button
        type="button"
        className="ms-button careers-opening__apply"
        aria-describedby={titleId}
        onClick={(event) => onApply(event.currentTarget)}
      >
        Apply Now
      </button>
    </li>
  );
}
