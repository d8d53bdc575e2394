import { usePageTitle } from '@metrology/shared';

export default function CalibrationPage() {
  usePageTitle('Calibration Facilities');
  return (
    <div className="ms-page content-calibration">
      <h1>Calibration Facilities</h1>
      <p>
        NABL accredited calibration centres in Chennai, Bangalore and Coimbatore, and mobile calibration on
        site.
      </p>
    </div>
  );
}
