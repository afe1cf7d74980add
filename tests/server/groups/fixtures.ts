// Shared by the groups tests: the body of a refusal for want of access, and the link of an invitation mail.
import { expect } from 'vitest';
import type { CapturedMail, Harness } from '../support/harness';
import type { Group } from '../../../contract/groups/entities';
import * as G from '../../../contract/groups/endpoints';
import { okBody, type Answer } from '../support/api';

export const noAccessBody = { msg: 'You do not have access to this group', statusCode: 403 };

/** The invitation token of the mail's /portal/acceptinvite link. */
export function inviteJwt(mail: CapturedMail): string {
  const match = /https?:\/\/\S+\/portal\/acceptinvite\?jwt=([\w.-]+)/.exec(mail.text);
  if (!match) throw new Error(`No invitation link in mail: ${mail.text}`);
  expect(mail.html).toContain(`/portal/acceptinvite?jwt=${match[1]}`);
  return match[1];
}

/** The group a GET /group answer carries: fails the test on a refusal or on null. */
export function groupIn(answer: Answer<typeof G.getGroup>): Group {
  const group = okBody(answer);
  if (!group) throw new Error('GET /group answered null');
  return group;
}

export type Tree = { partner: number; orgA: number; orgB: number; accountA1: number; accountA2: number; accountB1: number };

/** A partner with two organisations and three accounts, created in an order that is not id order. */
export async function partnerTree(h: Harness, prefix: string): Promise<Tree> {
  const partner = await h.createGroup({ name: `${prefix} Partner`, type: 'partner' });
  const orgA = await h.createGroup({ name: `${prefix} Org A`, type: 'organisation', parentId: partner });
  const orgB = await h.createGroup({ name: `${prefix} Org B`, type: 'organisation', parentId: partner });
  const accountB1 = await h.createGroup({ name: `${prefix} Account B1`, type: 'account', parentId: orgB, territory: 'australia' });
  const accountA2 = await h.createGroup({ name: `${prefix} Account A2`, type: 'account', parentId: orgA });
  const accountA1 = await h.createGroup({ name: `${prefix} Account A1`, type: 'account', parentId: orgA });
  return { partner, orgA, orgB, accountA1, accountA2, accountB1 };
}

/** The ids of groups (or users), in the order given. */
export const ids = (nodes: { id: number }[] | undefined) => (nodes ?? []).map((node) => node.id);
