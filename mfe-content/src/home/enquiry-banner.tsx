import { Link } from '@metrology/shared/router';

/** The closing banner of the home page: an enquiry goes through the contact page. */
export function EnquiryBanner() {
  return (
    <section className="content-banner" aria-labelledby="content-banner-title">
      <div className="ms-container ms-spread content-banner__inner">
        <div>
          <h2 id="content-banner-title">Looking for a Product Enquiry?</h2>
          <p>Tell us what you measure and our application engineers will suggest the right instrument.</p>
        </div>
        <Link to="/contact" className="ms-button content-banner__button">
          Send an Enquiry
        </Link>
      </div>
    </section>
  );
}
