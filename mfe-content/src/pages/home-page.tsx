import { usePageTitle } from '@metrology/shared';

export default function HomePage() {
  usePageTitle('Precision Metrology');
  return (
    <div className="ms-page content-home">
      <h1>Precision Metrology</h1>
      <p>Measuring instruments, calibration and metrology solutions since 1983.</p>
    </div>
  );
}
