import { describeModel } from './harness/vitest';
import { bureauFileModel } from './models/bureauFile.model';

describeModel(bureauFileModel);
