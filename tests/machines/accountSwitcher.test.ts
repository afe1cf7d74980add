import { describeModel } from './harness/vitest';
import { accountSwitcherModel } from './models/accountSwitcher.model';

describeModel(accountSwitcherModel);
