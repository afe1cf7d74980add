// Australian BSB institution prefixes: the first two (sometimes three) digits of a BSB name the
// financial institution; for two-digit prefixes the third digit names the state.
//
// Source: Australian Payments Network (AusPayNet, formerly APCA), "BSB Numbers in Australia" and its
// key to financial institution codes (https://www.auspaynet.com.au/resources/BSB-Numbers), as
// summarised in the "Bank State Branch" article of Wikipedia (2025). A SMALL SUBSET: the major
// institutions only. A BSB whose prefix is not listed here is answered as "institution not known
// to this list", not as invalid: the full BSB file (AusPayNet's BSB directory) is the authority.

export type BsbInstitution = { prefix: string; code: string; name: string };

export const bsbInstitutions: readonly BsbInstitution[] = [
  { prefix: '01', code: 'ANZ', name: 'Australia and New Zealand Banking Group' },
  { prefix: '03', code: 'WBC', name: 'Westpac Banking Corporation' },
  { prefix: '04', code: 'WBC', name: 'Westpac Banking Corporation' },
  { prefix: '06', code: 'CBA', name: 'Commonwealth Bank of Australia' },
  { prefix: '08', code: 'NAB', name: 'National Australia Bank' },
  { prefix: '09', code: 'RBA', name: 'Reserve Bank of Australia' },
  { prefix: '10', code: 'BSA', name: 'BankSA (a division of Westpac)' },
  { prefix: '11', code: 'STG', name: 'St.George Bank (a division of Westpac)' },
  { prefix: '12', code: 'BQL', name: 'Bank of Queensland' },
  { prefix: '18', code: 'MBL', name: 'Macquarie Bank' },
  { prefix: '19', code: 'BOM', name: 'Bank of Melbourne (a division of Westpac)' },
  { prefix: '30', code: 'BWA', name: 'Bankwest (a division of the Commonwealth Bank)' },
  { prefix: '33', code: 'STG', name: 'St.George Bank (a division of Westpac)' },
  { prefix: '34', code: 'HBA', name: 'HSBC Bank Australia' },
  { prefix: '484', code: 'MET', name: 'Suncorp-Metway' },
  { prefix: '633', code: 'BBL', name: 'Bendigo Bank' },
  { prefix: '73', code: 'WBC', name: 'Westpac Banking Corporation' },
  { prefix: '76', code: 'CBA', name: 'Commonwealth Bank of Australia' },
  { prefix: '78', code: 'NAB', name: 'National Australia Bank' },
  { prefix: '923', code: 'ING', name: 'ING Bank (Australia)' },
];

/** The third digit of a BSB with a two-digit institution prefix: the state of the branch. */
export const bsbStates: Record<string, string> = {
  '2': 'New South Wales and the Australian Capital Territory',
  '3': 'Victoria',
  '4': 'Queensland',
  '5': 'South Australia and the Northern Territory',
  '6': 'Western Australia',
  '7': 'Tasmania',
};
