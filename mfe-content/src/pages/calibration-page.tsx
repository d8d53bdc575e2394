import { useState } from 'react';
import { Link } from '@metrology/shared/router';
import { usePageHead } from '@metrology/shared';
import { Tabs } from '@metrology/shared/controls';
import nablCertificate from '../assets/calibration/nabl-certificate.svg';
import {
  CALIBRATION_CENTRES,
  PHOTO_HEIGHT,
  PHOTO_WIDTH,
  type CalibrationCentre,
} from '../calibration/calibration-centres';
import { PhotoLightbox } from '../calibration/photo-lightbox';
import '../styles';

function CentrePanel({ centre }: { centre: CalibrationCentre }) {
  const [openPhoto, setOpenPhoto] = useState<number | null>(null);
  return (
    <article className="ms-split content-centre">
      <div className="content-centre__main">
        <h2>
          {centre.name === 'Mobile Calibration' ? centre.name : `${centre.name} Calibration Laboratory`}
        </h2>
        {centre.established ? (
          <p className="content-centre__established">Established {centre.established}</p>
        ) : null}
        <p>{centre.description}</p>
        <h3>What we calibrate</h3>
        <ul className="content-centre__services">
          {centre.services.map((service) => (
            <li key={service}>{service}</li>
          ))}
        </ul>
        <ul className="content-centre__photos">
          {centre.photos.map((photo, index) => (
            <li key={photo.alt}>
              <button
                type="button"
                className="content-centre__photo"
                onClick={() => setOpenPhoto(index)}
                aria-label={`Enlarge photo ${index + 1}: ${photo.alt}`}
              >
                <img
                  src={photo.src}
                  alt=""
                  width={PHOTO_WIDTH}
                  height={PHOTO_HEIGHT}
                  loading="lazy"
                  decoding="async"
                />
              </button>
            </li>
          ))}
        </ul>
      </div>
      {centre.nablAccredited ? (
        <figure className="content-centre__certificate">
          <img
            src={nablCertificate}
            alt={`NABL certificate of accreditation (ISO/IEC 17025) of the ${centre.name} laboratory`}
            width={600}
            height={800}
            loading="lazy"
            decoding="async"
          />
          <figcaption>NABL accredited to ISO/IEC 17025</figcaption>
        </figure>
      ) : null}
      <section
        className="content-banner content-banner--inline"
        aria-labelledby={`content-onsite-${centre.key}`}
      >
        <div className="ms-spread content-banner__inner">
          <div>
            <h3 id={`content-onsite-${centre.key}`}>On-site calibration</h3>
            <p>
              Large or fixed instruments? Our engineers calibrate CMMs, vision systems, height gauges and
              surface plates at your plant, with the same traceability as in our laboratories.
            </p>
          </div>
          <Link to="/contact" className="ms-button content-banner__button">
            Request Calibration
          </Link>
        </div>
      </section>
      {openPhoto !== null ? (
        <PhotoLightbox
          title={centre.name}
          photos={centre.photos}
          index={openPhoto}
          onIndexChange={setOpenPhoto}
          onClose={() => setOpenPhoto(null)}
        />
      ) : null}
    </article>
  );
}

export default function CalibrationPage() {
  usePageHead({
    title: 'Calibration Facilities',
    description:
      'Calibration laboratories in Chennai, Bangalore and Coimbatore, and mobile calibration at your site.',
    canonicalPath: '/calibration',
  });
  return (
    <div className="ms-page content-calibration">
      <h1>Calibration Facilities</h1>
      <p className="content-lead">
        Traceable, NABL-accredited calibration in three laboratories and a mobile laboratory that comes to
        you.
      </p>
      <Tabs
        label="Calibration centres"
        items={CALIBRATION_CENTRES.map((centre) => ({
          key: centre.key,
          label: centre.name,
          panel: <CentrePanel centre={centre} />,
        }))}
      />
    </div>
  );
}
