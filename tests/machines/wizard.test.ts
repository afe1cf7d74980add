import { describeModel } from './harness/vitest';
import { wizardModel } from './models/wizard.model';

describeModel(wizardModel);
