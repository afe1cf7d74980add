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
