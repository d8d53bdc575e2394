import { usePageTitle } from '@metrology/shared';

export default function AboutPage() {
  usePageTitle('About Us');
  return (
    <div className="ms-page content-about">
      <h1>About Us</h1>
      <p>Manufacturer, importer and distributor of precision measuring instruments, established in 1983.</p>
    </div>
  );
}
