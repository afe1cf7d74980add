import { useMatch } from '@tanstack/react-router';

// Account administration and partner administration are the same pages over a different group
// (./load.ts): the scope says which, and the links of each.

export const adminScopes = {
  account: {
    noun: 'account',
    links: {
      home: '/administration/account',
      edit: '/administration/account/edit',
      invite: '/administration/account/invite',
      editUser: '/administration/account/edituser/$userId',
    },
  },
  organisation: {
    noun: 'organisation',
    links: {
      home: '/administration/organisation',
      edit: '/administration/organisation/edit',
      invite: '/administration/organisation/invite',
      editUser: '/administration/organisation/edituser/$userId',
    },
  },
  partner: {
    noun: 'partner',
    links: {
      home: '/partner/administration',
      edit: '/partner/administration/editPartner',
      invite: '/partner/administration/invite',
      editUser: '/partner/administration/edituser/$userId',
    },
  },
} as const;

export type AdminScope = (typeof adminScopes)[keyof typeof adminScopes];

/** The scope of the page being shown, and the group data its layout route loaded. */
export function useAdmin() {
  const partner = useMatch({ from: '/_signedIn/_validated/partner/administration', shouldThrow: false });
  const organisation = useMatch({ from: '/_signedIn/_validated/administration/organisation', shouldThrow: false });
  const account = useMatch({ from: '/_signedIn/_validated/administration/account', shouldThrow: false });
  const data = (partner ?? organisation ?? account)?.loaderData;
  if (!data) throw new Error('useAdmin is for the administration pages');
  return { scope: partner ? adminScopes.partner : organisation ? adminScopes.organisation : adminScopes.account, data };
}

/** The loader data of the edit-user page, in either scope. */
export function useEditUserData() {
  const partner = useMatch({ from: '/_signedIn/_validated/partner/administration/edituser/$userId', shouldThrow: false });
  const organisation = useMatch({ from: '/_signedIn/_validated/administration/organisation/edituser/$userId', shouldThrow: false });
  const account = useMatch({ from: '/_signedIn/_validated/administration/account/edituser/$userId', shouldThrow: false });
  const data = (partner ?? organisation ?? account)?.loaderData;
  if (!data) throw new Error('useEditUserData is for the edit-user pages');
  return data;
}
