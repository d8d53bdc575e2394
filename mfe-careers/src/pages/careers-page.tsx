import { usePageTitle } from '@metrology/shared';

export default function CareersPage() {
  usePageTitle('Careers');
  return (
    <div className="ms-page careers-page">
      <h1>Careers</h1>
      <p>Join our team of metrology engineers, calibration specialists and sales professionals.</p>
    </div>
  );
}
