import { describeModel } from './harness/vitest';
import { nameCheckModel } from './models/nameCheck.model';

describeModel(nameCheckModel);
