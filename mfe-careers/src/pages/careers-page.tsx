import { useRef, useState } from 'react';
import { BRAND_NAME, LoadError, Spinner, usePageHead, serverMessage } from '@metrology/shared';
import { ApplicationForm } from '../application/application-form';
import { OpeningCard } from '../openings/opening-card';
import { CAREERS_MESSAGES, useGetJobOpeningsQuery } from '../openings/get-openings';
import '../styles/careers.css';

export default function CareersPage() {
  usePageHead({
    title: 'Careers',
    description: `Job openings at ${BRAND_NAME}: roles in metrology sales, calibration and service, with how to apply.`,
    canonicalPath: '/careers',
  });
  const { data, error, isError, isFetching, refetch } = useGetJobOpeningsQuery();
  const [expanded, setExpanded] = useState<string | null>(null);
  const [applyingFor, setApplyingFor] = useState<string | null>(null);
  const [applyCount, setApplyCount] = useState(0);
  const openerRef = useRef<HTMLButtonElement | null>(null);
  const openings = data ?? [];

  const closeForm = () => {
    setApplyingFor(null);
    // Back to the Apply Now that opened the form, when it is still on the page.
    requestAnimationFrame(() => {
      if (openerRef.current?.isConnected) openerRef.current.focus();
    });
  };

  let body;
  if (isFetching && (!data || isError)) {
    body = <Spinner label="Loading job openings" />;
  } else if (isError) {
    body = (
      // Not an alert: the Error toast announces the failure already.
      <LoadError
        className="careers-error"
        announce={false}
        message={serverMessage(error, CAREERS_MESSAGES.fetchFailed)}
        onRetry={() => void refetch()}
      />
    );
  } else if (openings.length === 0) {
    body = <p className="careers-empty">{CAREERS_MESSAGES.empty}</p>;
  } else {
    body = (
      <ul className="careers-openings" aria-label="Job openings">
        {openings.map((opening) => (
          <OpeningCard
            key={opening._id}
            opening={opening}
            expanded={expanded === opening._id}
            onToggle={() => setExpanded((current) => (current === opening._id ? null : opening._id))}
            onApply={(opener) => {
              openerRef.current = opener;
              setApplyingFor(opening.title);
              setApplyCount((count) => count + 1);
            }}
          />
        ))}
      </ul>
    );
  }

  return (
    <div className="ms-page careers-page">
      <h1>Careers</h1>
      <p className="careers-lead">
        Join our team of metrology engineers, calibration specialists and sales professionals. We are growing
        in Chennai, Bangalore, Coimbatore and Pune.
      </p>
      {body}
      {applyingFor !== null && !isError ? (
        <ApplicationForm
          focusKey={applyCount}
          openings={openings}
          position={applyingFor}
          onPositionChange={setApplyingFor}
          onClose={closeForm}
        />
      ) : null}
    </div>
  );
}
