// Standalone harness: the section runs alone with the same providers the shell gives it.
import { mountSectionHarness } from '@metrology/shared';
import '@metrology/shared/styles.css';
import CareersPage from './pages/careers-page';

void mountSectionHarness('careers', [{ path: '/careers', label: 'Careers', Page: CareersPage }]);
