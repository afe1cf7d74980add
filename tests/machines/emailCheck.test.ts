import { describeModel } from './harness/vitest';
import { emailCheckModel } from './models/emailCheck.model';

describeModel(emailCheckModel);
