import { helpTipKey, helpTipStoragePrefix, helpTipsDisabledKey } from '../../../contract/shared/helpTips';
import type { HelpTipsSaved } from '../../../machines/helpTips';

// Help-tip choices (spec section 9): one local-storage key per dismissed tip plus one global flag, all
// under 'portal.helptips.', which logout keeps (src/app/storage.ts): they belong to the browser.

const tipKeyPrefix = helpTipKey('');

/** What the browser remembers, as the help-tips machine's input. */
export function loadHelpTips(storage: Storage): HelpTipsSaved {
  const disabledTips: string[] = [];
  try {
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key?.startsWith(tipKeyPrefix)) disabledTips.push(key.slice(tipKeyPrefix.length));
    }
    return { allDisabled: storage.getItem(helpTipsDisabledKey) === 'true', disabledTips: disabledTips.sort() };
  } catch {
    // Storage refused (privacy settings): tips show, and are not remembered.
    return { allDisabled: false, disabledTips: [] };
  }
}

const attempt = (write: () => void) => {
  try {
    write();
  } catch {
    // A full or refused storage only means the choice is not remembered after a reload.
  }
};

export function saveTipsDisabled(storage: Storage, ids: readonly string[]) {
  attempt(() => ids.forEach((id) => storage.setItem(helpTipKey(id), 'disabled')));
}

export function saveAllTipsDisabled(storage: Storage) {
  attempt(() => storage.setItem(helpTipsDisabledKey, 'true'));
}

/** Turns every tour back on: forgets every dismissed tip and the global flag. */
export function forgetHelpTips(storage: Storage) {
  attempt(() => {
    const keys: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key?.startsWith(helpTipStoragePrefix)) keys.push(key);
    }
    keys.forEach((key) => storage.removeItem(key));
  });
}
