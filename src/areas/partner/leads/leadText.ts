import { dqServiceLabels } from '../../../../contract/shared/catalogue';
import { leadStatusLabels, type LeadStatus } from '../../../../contract/shared/leads';
import type { Lead } from '../../../api/leads';
import type { Cell } from '../../../shared/csv';
import { textOfDay } from '../../../shared/dateRange';
import { formatDate } from '../../../shared/format';

// The words of the leads pages as pure functions (tests/views/leads.test.tsx).

/** A close date (yyyy-mm-dd) as the portal shows dates: dd/mm/yyyy. */
export const closeDateText = (closeDate: string) => (/^\d{4}-\d{2}-\d{2}$/.test(closeDate) ? textOfDay(closeDate) : closeDate);

export const servicesText = (lead: Pick<Lead, 'services'>) => lead.services.map((s) => dqServiceLabels[s]).join(', ');

/** The badge colour of a status: won ok, lost danger, the rest in progress. */
export const statusBadge = (status: LeadStatus) => (status === 'won' ? 'ok' : status === 'lost' ? 'danger' : status === 'new' ? 'warning' : 'muted');

/** The leads as CSV rows, header first (every date dd/mm/yyyy, as the pages show them). */
export function leadCsvRows(leads: readonly Lead[], withPartner: boolean): Cell[][] {
  return [
    ['Lead', ...(withPartner ? ['Partner'] : []), 'Company', 'Contact', 'Email', 'Services', 'Opened', 'Close date', 'Probability', 'Status'],
    ...leads.map((l) => [
      l.id,
      ...(withPartner ? [l.partnerName] : []),
      l.companyName,
      l.contactName,
      l.email,
      servicesText(l),
      formatDate(l.openDate),
      closeDateText(l.closeDate),
      l.probability,
      leadStatusLabels[l.status],
    ]),
  ];
}
