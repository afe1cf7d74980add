import { useMatch } from '@tanstack/react-router';

// A lead opens from the partner's Leads page (/partner/leads/...) or from the home page
// (/home/leads/..., /home/createlead): the same pages, with the way back and the links of each.

export const leadScopes = {
  partner: { back: '/partner/leads', backLabel: 'Back to leads', lead: '/partner/leads/$leadId' },
  home: { back: '/home', backLabel: 'Back to home', lead: '/home/leads/$leadId' },
} as const;

export type LeadScope = (typeof leadScopes)[keyof typeof leadScopes];

/** The lead page's scope and loader data. */
export function useLeadPage() {
  const partner = useMatch({ from: '/_signedIn/_validated/partner/leads/$leadId', shouldThrow: false });
  const home = useMatch({ from: '/_signedIn/_validated/home_/leads/$leadId', shouldThrow: false });
  const data = (partner ?? home)?.loaderData;
  if (!data) throw new Error('useLeadPage is for the lead pages');
  return { scope: partner ? leadScopes.partner : leadScopes.home, data };
}

/** The submission form's scope and loader data. */
export function useCreateLeadPage() {
  const partner = useMatch({ from: '/_signedIn/_validated/partner/leads/createlead', shouldThrow: false });
  const home = useMatch({ from: '/_signedIn/_validated/home_/createlead', shouldThrow: false });
  const data = (partner ?? home)?.loaderData;
  if (!data) throw new Error('useCreateLeadPage is for the lead submission pages');
  return { scope: partner ? leadScopes.partner : leadScopes.home, data };
}
