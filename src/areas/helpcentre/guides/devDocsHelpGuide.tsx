import { apiDocumentPath, apiReferencePath } from '../../../../contract/shared/http';
import { Flow } from '../diagrams';
import type { GuideContent } from '../types';

const guide: GuideContent = {
  intro:
    'How to call the data-quality services from your own website, CRM or back office: getting a token, the calls for address lookup, autocomplete, email and bank validation, and what to do when a call fails. Every call uses clicks from the account the token belongs to.',
  sections: [
    {
      heading: 'What you need',
      blocks: [
        {
          figure: (
            <Flow
              label="Getting connected"
              steps={[
                { title: 'A plan', text: 'clicks for each service you call' },
                { title: 'A token', text: 'Administration › Tokens, or Export API Token' },
                { title: 'The service addresses', text: 'Export settings for API' },
                { title: 'Your first call', text: 'with the token attached' },
              ]}
            />
          ),
          caption: 'Buy a plan for the service, make a token, note the service addresses, and call.',
        },
        {
          list: [
            'A plan with clicks for each service you will call, on the account.',
            'An API token of that account: made in **Administration › Tokens**, or with **Export API Token** in the **…** menu (it asks for your password and lasts one year).',
            'The base address of each service, from **Export settings for API**. The paths below are relative to those addresses.',
          ],
        },
      ],
    },
    {
      heading: 'Sending the token',
      blocks: [
        'Send the token as a bearer token in the Authorization header of every call. Keep tokens on your servers where you can; a token used in a web page must have a referrer restriction.',
        { code: 'Authorization: Bearer <your API token>', label: 'The header on every call' },
      ],
    },
    {
      heading: 'The calls',
      blocks: [
        {
          table: {
            head: ['Service', 'Call', 'What it does'],
            rows: [
              ['Address Lookup', 'GET /countries/json', 'The countries you can search.'],
              ['Address Lookup', 'GET /json/{dataset}?q=…', 'Addresses in the dataset that match the text in q, laid out with your label options.'],
              ['Autocomplete', 'GET /autoc/json?q=…', 'Suggestions as someone types, for a find-as-you-type box.'],
              ['Email Validation', 'POST /verify with the email in a JSON body', 'Checks one address (one click); the answer is the result, with its id.'],
              ['Email Validation', 'GET /verify/{id}', 'The result of an earlier check again, without a click.'],
              ['Payment Validation', 'POST (SOAP)', 'Checks a sort code or BSB with its account number, for a dataset.'],
            ],
          },
        },
        {
          code: `const response = await fetch(\`\${emailServiceUrl}/verify\`, {
  method: 'POST',
  headers: {
    Authorization: \`Bearer \${process.env.DQ_API_TOKEN}\`,
    'Content-Type': 'application/json',
  },
  body: JSON.stringify({ email: 'jo.smith@example.com' }),
});
if (!response.ok) throw new Error(\`Email check failed: \${response.status}\`);
const result = await response.json();`,
          label: 'Checking an email address from Node.js (any language works the same way)',
        },
      ],
    },
    {
      heading: 'The API reference',
      blocks: [
        'Every call of the portal and of the services is described in the API reference: its address, parameters, answers, errors and how it is authenticated. Choose **Authorize**, paste your API token under apiToken, and **Try it out** calls the services with it (and uses clicks like any call).',
        { link: apiReferencePath, text: 'Open the API reference' },
        `The same description is available as an OpenAPI 3.1 document at ${apiDocumentPath}, from which tools such as openapi-typescript generate a typed client.`,
      ],
    },
    {
      heading: 'When a call fails',
      blocks: [
        {
          table: {
            head: ['Status', 'Usually means', 'What to do'],
            rows: [
              ['400', 'The request is wrong: a missing or malformed field. The body says which.', 'Fix the request; do not retry it unchanged.'],
              ['401', 'The token is missing, expired, locked or not valid.', 'Check the header; export or unlock a token.'],
              ['402', 'The account has no plan for that service, the plan is disabled, or it has no clicks left ("No clicks remain on your … subscription: buy more in the shop").', 'Buy clicks in the shop, enable the plan, or turn on automatic renewal.'],
              ['403', 'The token may not do this: wrong service, IP address or referrer.', 'Check the token’s settings.'],
              ['429', 'The token has used its clicks for today, or the account its test calls for today (UTC). The Retry-After header says when.', 'Wait until after midnight UTC, or raise the token’s daily limit.'],
              ['5xx, or no answer', 'A problem on our side or on the network.', 'Retry after a short wait, a few times at most.'],
            ],
          },
        },
        { note: 'Give every call a time limit (a few seconds for lookups) and let your form carry on without the check if it runs out: validation should never stop a customer from finishing.' },
      ],
    },
    {
      heading: 'Clicks and monitoring',
      blocks: [
        'Each call uses clicks from the account’s plan for that service and is counted against the token used. **Reporting › Tokens** shows the use of each token by its tag; **Reporting › Summary** shows how many clicks are left.',
        {
          list: [
            'Use one token per system so you can tell them apart and lock one alone.',
            'Never write tokens to logs or source code; keep them in your secrets store.',
            'Cache answers you will ask for again (the country list, for example) instead of calling each time.',
          ],
        },
      ],
    },
  ],
  related: ['providerServicesGuide', 'downloadsHelp', 'addressLookupHelpGuide'],
};

export default guide;
