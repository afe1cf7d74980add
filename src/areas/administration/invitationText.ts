import { accessLevelLabels, type AccessLevel } from '../../../contract/shared/access';
import type { InvitationPreview } from '../../api/groups';
import { formatDateTime } from '../../shared/format';

// What the invitation page says of an invitation, in the customer's words.

export type InvitationDetails = Extract<InvitationPreview, { groupName: string }>;

const article = (level: AccessLevel) => (level === 'owner' ? 'an' : 'a');

/** What the access level offered lets the invitee do there. */
const levelMeaning: Record<AccessLevel, string> = {
  member: 'use its services',
  manager: 'use its services',
  sudoowner: 'administer its details, users and services',
  owner: 'administer it and decide who else owns it',
};

/** The level accepting gives: a handover of ownership makes the invitee owner. */
export const offeredLevel = (invite: InvitationDetails): AccessLevel => (invite.takeOwnership ? 'owner' : invite.accessLevel);

/** "Olive Owner invited you to join Acme Trading as a member." */
export function invitationSentence(invite: InvitationDetails): string {
  const who = invite.inviter ? `${invite.inviter} invited you` : 'You have been invited';
  if (invite.takeOwnership) return `${who} to take ownership of ${invite.groupName}.`;
  const level = invite.accessLevel;
  return `${who} to join ${invite.groupName} as ${article(level)} ${accessLevelLabels[level].toLowerCase()}.`;
}

/** "Member: you can use its services". */
export function accessWords(invite: InvitationDetails): string {
  const level = offeredLevel(invite);
  return `${accessLevelLabels[level]}: you can ${levelMeaning[level]}`;
}

/** Who to ask for a new invitation. */
export const askInviter = (invite: InvitationDetails) => invite.inviter ?? 'whoever invited you';

export const expiryWords = (invite: InvitationDetails) => formatDateTime(invite.expiresAt);
