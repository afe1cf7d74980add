import { describeModel } from './harness/vitest';
import { bureauUploadModel } from './models/bureauUpload.model';

describeModel(bureauUploadModel);
