import type { AnyStateMachine } from 'xstate';
import { accountSwitcherMachine } from './accountSwitcher';
import { accountValidationMachine } from './accountValidation';
import { addressLookupMachine } from './addressLookup';
import { basketMachine } from './basket';
import { bureauFileMachine } from './bureauFile';
import { bureauUploadMachine } from './bureauUpload';
import { confirmActionMachine } from './confirmAction';
import { emailCheckMachine } from './emailCheck';
import { groupSelectionMachine } from './groupSelection';
import { helpTipsMachine } from './helpTips';
import { modalMachine } from './modal';
import { nameCheckMachine } from './nameCheck';
import { passwordResetMachine } from './passwordReset';
import { sessionMachine } from './session';
import { submissionMachine } from './submission';
import { tokenExportMachine } from './tokenExport';
import { wizardMachine } from './wizard';

/**
 * Every statechart of the portal, in one list: the QA path planner (`npm run paths`), the coverage
 * check of the test suite and the visualiser all read it. A new machine is registered here and
 * nowhere else.
 */
export const machines: readonly AnyStateMachine[] = [
  sessionMachine,
  modalMachine,
  accountValidationMachine,
  passwordResetMachine,
  submissionMachine,
  groupSelectionMachine,
  accountSwitcherMachine,
  helpTipsMachine,
  wizardMachine,
  confirmActionMachine,
  tokenExportMachine,
  emailCheckMachine,
  nameCheckMachine,
  addressLookupMachine,
  basketMachine,
  bureauUploadMachine,
  bureauFileMachine,
];
