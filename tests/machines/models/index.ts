/**
 * The models of the portal's statecharts: one per machine of machines/registry.ts. A new machine gets a
 * `<machine>.model.ts` here (defineModel) and one line in this list; tests/machines/coverage.test.ts
 * fails until it does, and `npm run paths` prints its plan.
 */
import type { AnyModel } from '../harness/model';
import { accountSwitcherModel } from './accountSwitcher.model';
import { accountValidationModel } from './accountValidation.model';
import { addressLookupModel } from './addressLookup.model';
import { basketModel } from './basket.model';
import { bureauFileModel } from './bureauFile.model';
import { bureauUploadModel } from './bureauUpload.model';
import { confirmActionModel } from './confirmAction.model';
import { emailCheckModel } from './emailCheck.model';
import { groupSelectionModel } from './groupSelection.model';
import { helpTipsModel } from './helpTips.model';
import { modalModel } from './modal.model';
import { nameCheckModel } from './nameCheck.model';
import { passwordResetModel } from './passwordReset.model';
import { sessionModel } from './session.model';
import { submissionModel } from './submission.model';
import { tokenExportModel } from './tokenExport.model';
import { wizardModel } from './wizard.model';

export const models: readonly AnyModel[] = [
  sessionModel,
  modalModel,
  accountValidationModel,
  passwordResetModel,
  submissionModel,
  groupSelectionModel,
  accountSwitcherModel,
  helpTipsModel,
  wizardModel,
  confirmActionModel,
  tokenExportModel,
  emailCheckModel,
  nameCheckModel,
  addressLookupModel,
  basketModel,
  bureauUploadModel,
  bureauFileModel,
];
