// Standalone harness: the section runs alone with the same providers the shell gives it, one link a page of
// the release model's routes.
import { mountSectionHarness } from '@metrology/shared/harness';
import '@metrology/shared/styles.css';

void mountSectionHarness(
  'mfe-careers',
  (file) => import(/* webpackExclude: /__tests__/ */ `./pages/${file}.tsx`),
);
