import { describeModel } from './harness/vitest';
import { addressLookupModel } from './models/addressLookup.model';

describeModel(addressLookupModel);
