// The spec's own texts (sections 2 and 8), word for word.
export const blockedMessages = {
  account: 'This page is not currently available while using this account. Please switch to another account or return home.',
  partnersOnly: 'The page you were looking for is only available for partners.',
  partnerType: 'The page you were looking for is not accessible through this partner type.',
  notThroughAccount: 'The page you were looking for is not accessible through this account.',
} as const;

export const notFoundMessage = 'Oops! The page you were looking for does not exist.';
export const loadingText = 'Loading...';
export const uploadingText = 'Uploading file...';
export const copiedText = 'Text copied to clipboard';

// Server messages of spec section 5, word for word.
export const noIdProvided = 'No user or group id provided';

export const managerOnlyForPartners = 'The manager access level is only for partners';

/** Spec section 5, corporate errors. */
export const corporateErrors = {
  type: 'Invalid group type. Only organisations can have their corporate status changed',
  enable: 'Invalid group subtype. Only non corporate organisations can have their corporate status enabled',
  disable: 'Invalid group subtype. Only corporate organisations can have their corporate status disabled',
} as const;

export const charityNotInVerification = 'The charity is not in verification';
