import { usePageHead } from '@metrology/shared';
import { Tabs } from '@metrology/shared/controls';
import { BRANCHES, mapEmbedUrl, mapLinkUrl, telHref, type Branch } from '../contact/branches';
import { ContactForm } from '../contact/contact-form';
import { MapEmbed } from '../contact/map-embed';
import '../styles';

const SALES_EMAIL = 'sales@metrologyinstrumentsgroup.com';
const HEAD_OFFICE = BRANCHES[0] as Branch;

function BranchPanel({ branch }: { branch: Branch }) {
  return (
    <div className="content-branch">
      <div className="content-branch__details">
        <h3>{branch.city} branch</h3>
        <dl className="content-contact-list">
          <div>
            <dt>Address</dt>
            <dd>
              <address>{branch.address}</address>
            </dd>
          </div>
          <div>
            <dt>Phone</dt>
            <dd>
              <a href={telHref(branch.phone)}>{branch.phone}</a>
            </dd>
          </div>
          <div>
            <dt>E-mail</dt>
            <dd>
              <a href={`mailto:${branch.email}`}>{branch.email}</a>
            </dd>
          </div>
        </dl>
      </div>
      <MapEmbed
        src={mapEmbedUrl(branch)}
        title={`Map of the ${branch.city} branch`}
        address={branch.address}
        linkUrl={mapLinkUrl(branch)}
      />
    </div>
  );
}

export default function ContactPage() {
  usePageHead({
    title: 'Contact Us',
    description: 'Addresses, phone numbers and email of our offices, and a form to reach us.',
    canonicalPath: '/contact',
  });
  return (
    <div className="ms-page content-contact">
      <h1>Contact Us</h1>
      <p className="content-lead">
        Ask for a quotation, a demonstration or a calibration: we answer every enquiry within one working day.
      </p>
      <div className="ms-split content-contact__grid">
        <ContactForm />
        <section className="content-contact__info" aria-labelledby="content-info-title">
          <h2 id="content-info-title">Contact information</h2>
          <dl className="content-contact-list">
            <div>
              <dt>Head office</dt>
              <dd>
                <address>{HEAD_OFFICE.address}</address>
              </dd>
            </div>
            <div>
              <dt>Phone</dt>
              <dd>
                <a href={telHref(HEAD_OFFICE.phone)}>{HEAD_OFFICE.phone}</a>
              </dd>
            </div>
            <div>
              <dt>E-mail</dt>
              <dd>
                <a href={`mailto:${SALES_EMAIL}`}>{SALES_EMAIL}</a>
              </dd>
            </div>
            <div>
              <dt>Working hours</dt>
              <dd>Monday to Saturday, 9:30 AM to 6:00 PM</dd>
            </div>
          </dl>
        </section>
      </div>
      <section className="content-branches" aria-labelledby="content-branches-title">
        <h2 id="content-branches-title">Our branches</h2>
        <Tabs
          label="Branches"
          items={BRANCHES.map((branch) => ({
            key: branch.key,
            label: branch.city,
            panel: <BranchPanel branch={branch} />,
          }))}
        />
      </section>
    </div>
  );
}
