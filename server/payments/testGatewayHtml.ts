import { formatMoney } from '../../contract/shared/catalogue';
import { testCards } from '../../contract/shared/shop';
import { escapeHtml } from '../kernel/html';
import type { CardFieldErrors, CardForm } from './testCards';
import { pagePath, type TestSession } from './testGateway';

// The test gateway's server-rendered pages: plain HTML forms that work without script (the CSP
// allows none inline, and the pages need none), one stylesheet from the plugin, every text escaped.

export const stylesheetPath = '/gateway/gateway.css';

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} - Test payment gateway</title>
<link rel="stylesheet" href="${stylesheetPath}">
</head>
<body>
<header class="banner"><p><strong>TEST MODE</strong> Test payment gateway: no real card is charged and no money moves.</p></header>
<main>
${body}
</main>
</body>
</html>`;
}

const amountText = (session: TestSession) => formatMoney(session.amount, session.currency === 'AUD' ? 'australia' : 'uk');

function summary(session: TestSession, merchantName: string): string {
  const what = session.mode === 'setup'
    ? `<p class="amount">Save a card</p><p>The card is kept for future payments to ${escapeHtml(merchantName)}; nothing is charged now.</p>`
    : `<p class="amount">${escapeHtml(amountText(session))}</p>`;
  return `<section class="summary" aria-label="What you are paying for">
<p class="merchant">${escapeHtml(merchantName)}</p>
${what}
<p class="description">${escapeHtml(session.description)}</p>
</section>`;
}

function cancelForm(session: TestSession, merchantName: string): string {
  return `<form method="post" action="${pagePath(session.id)}/cancel" class="cancel">
<button type="submit" class="link">Cancel and return to ${escapeHtml(merchantName)}</button>
</form>`;
}

function field(name: keyof CardForm, label: string, value: string, errors: CardFieldErrors, attributes: string, hint?: string): string {
  const error = errors[name];
  const described = [hint ? `${name}-hint` : '', error ? `${name}-error` : ''].filter(Boolean).join(' ');
  return `<div class="field${error ? ' invalid' : ''}">
<label for="${name}">${escapeHtml(label)}</label>
${hint ? `<p class="hint" id="${name}-hint">${escapeHtml(hint)}</p>` : ''}
${error ? `<p class="error" id="${name}-error">${escapeHtml(error)}</p>` : ''}
<input id="${name}" name="${name}" value="${escapeHtml(value)}" ${attributes}${described ? ` aria-describedby="${described}"` : ''}${error ? ' aria-invalid="true"' : ''}>
</div>`;
}

const cardList = `<section class="cards" aria-labelledby="cards-heading">
<h2 id="cards-heading">Test cards</h2>
<p>Use any future expiry date (such as 12/34), any three-digit security code and any name.</p>
<table>
<caption class="visually-hidden">Test card numbers and what each does</caption>
<thead><tr><th scope="col">Card number</th><th scope="col">What happens</th></tr></thead>
<tbody>
${Object.values(testCards).map((card) => `<tr><td class="number">${escapeHtml(card.number)}</td><td>${escapeHtml(card.text)}</td></tr>`).join('\n')}
</tbody>
</table>
</section>`;

/** The card form, with the values and errors of a rejected submission. */
export function cardPage(session: TestSession, merchantName: string, form: CardForm = { number: '', expiry: '', cvc: '', name: '' }, errors: CardFieldErrors = {}): string {
  const count = Object.keys(errors).length;
  const action = session.mode === 'setup' ? 'Save card' : `Pay ${amountText(session)}`;
  return page(session.mode === 'setup' ? 'Save a card' : 'Pay', `<h1>${session.mode === 'setup' ? 'Save a card' : 'Pay by card'}</h1>
${summary(session, merchantName)}
${count ? `<div class="problems" role="alert"><h2>There ${count === 1 ? 'is a problem' : `are ${count} problems`} with the card</h2><ul>${Object.entries(errors).map(([name, text]) => `<li><a href="#${name}">${escapeHtml(text)}</a></li>`).join('')}</ul></div>` : ''}
<form method="post" action="${pagePath(session.id)}" novalidate>
${field('number', 'Card number', form.number, errors, 'inputmode="numeric" autocomplete="cc-number" maxlength="23" spellcheck="false"')}
<div class="pair">
${field('expiry', 'Expiry date', form.expiry, errors, 'inputmode="numeric" autocomplete="cc-exp" maxlength="7" spellcheck="false"', 'MM/YY')}
${field('cvc', 'Security code', '', errors, 'inputmode="numeric" autocomplete="cc-csc" maxlength="4" spellcheck="false"', '3 digits on the back')}
</div>
${field('name', 'Name on card', form.name, errors, 'autocomplete="cc-name" maxlength="100"')}
${session.mode === 'payment' && session.offer_save ? saveBox(merchantName, form.save === true) : ''}
<button type="submit" class="primary">${escapeHtml(action)}</button>
</form>
${cancelForm(session, merchantName)}
${cardList}`);
}

/** The bank's extra step of the 3-D Secure test card. */
export function confirmPage(session: TestSession, merchantName: string): string {
  return page('Confirm this payment', `<h1>Confirm this payment with your bank</h1>
${summary(session, merchantName)}
<p>Your bank asks you to confirm this ${session.mode === 'setup' ? 'card' : 'payment'}. This test page stands for the bank's own check (3-D Secure).</p>
<form method="post" action="${pagePath(session.id)}/confirm" class="actions">
<button type="submit" name="action" value="complete" class="primary">Complete</button>
<button type="submit" name="action" value="fail" class="secondary">Fail</button>
</form>
${cancelForm(session, merchantName)}`);
}

/** A page already finished (the back button, a second tab): where it ended and the way back. */
export function finishedPage(session: TestSession, merchantName: string, next: string): string {
  const text: Record<TestSession['status'], string> = {
    open: 'This payment is open.',
    requires_confirmation: 'This payment awaits confirmation.',
    processing: 'This payment is being processed.',
    succeeded: session.mode === 'setup' ? 'This card was saved.' : 'This payment was made.',
    declined: `This payment was declined: ${session.failure ?? ''}`,
    cancelled: 'This payment was cancelled.',
  };
  return page('Payment finished', `<h1>${escapeHtml(text[session.status])}</h1>
${summary(session, merchantName)}
<p><a href="${escapeHtml(next)}">Return to ${escapeHtml(merchantName)}</a></p>`);
}

/** The box that keeps the card for the merchant's automatic renewals: off unless the customer ticks it. */
function saveBox(merchantName: string, checked: boolean): string {
  return `<div class="check">
<input type="checkbox" id="save" name="save" value="on"${checked ? ' checked' : ''} aria-describedby="save-hint">
<label for="save">Save this card for automatic renewals</label>
<p class="hint" id="save-hint">${escapeHtml(merchantName)} will charge it when a plan renews. Left unticked, the card pays for this order only and any card already saved stays as it is.</p>
</div>`;
}

export function notFoundPage(): string {
  return page('Not found', `<h1>This payment page does not exist</h1>
<p>The link may be mistyped. Go back to the shop and start the payment again.</p>`);
}

export const stylesheet = `*,*::before,*::after{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b1b1b;background:#f4f5f7}
.banner{background:#8a3b00;color:#fff;text-align:center;padding:.5rem 1rem}
.banner p{margin:0}
.banner strong{letter-spacing:.08em;margin-right:.5rem;border:2px solid #fff;padding:0 .4rem}
main{max-width:32rem;margin:1.5rem auto;padding:1.5rem;background:#fff;border-radius:8px;box-shadow:0 1px 3px rgba(0,0,0,.15)}
h1{font-size:1.5rem;margin:0 0 1rem}
h2{font-size:1.15rem;margin:1.5rem 0 .5rem}
.summary{border:1px solid #d0d4da;border-radius:6px;padding:.75rem 1rem;margin-bottom:1.25rem}
.summary p{margin:.15rem 0}
.merchant{font-weight:600}
.amount{font-size:1.6rem;font-weight:700}
.description{color:#444}
.field{margin-bottom:1rem}
.pair{display:flex;gap:1rem;flex-wrap:wrap}
.pair .field{flex:1 1 10rem}
label{display:block;font-weight:600;margin-bottom:.25rem}
.check{display:grid;grid-template-columns:auto 1fr;gap:.25rem .6rem;align-items:start;margin-bottom:1rem}
.check input{width:1.35rem;height:1.35rem;margin:.1rem 0 0}
.check label{margin:0}
.check .hint{grid-column:2}
.hint{margin:0 0 .25rem;color:#555;font-size:.9rem}
input{width:100%;font:inherit;padding:.55rem .65rem;border:2px solid #5b6470;border-radius:4px}
.invalid input{border-color:#b3261e}
.error{margin:0 0 .25rem;color:#b3261e;font-weight:600}
.problems{border:3px solid #b3261e;padding:.5rem 1rem;margin-bottom:1rem;border-radius:4px}
.problems h2{margin-top:.25rem;font-size:1.05rem}
.problems a{color:#b3261e}
button{font:inherit;cursor:pointer;border-radius:4px;padding:.65rem 1.25rem;border:2px solid #1d4ed8}
.primary{background:#1d4ed8;color:#fff;width:100%}
.secondary{background:#fff;color:#1d4ed8}
.actions{display:flex;gap:1rem;flex-wrap:wrap}
.actions button{flex:1 1 8rem}
.link{background:none;border:none;padding:.5rem 0;color:#1d4ed8;text-decoration:underline}
.cancel{margin-top:.75rem}
a{color:#1d4ed8}
:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
table{width:100%;border-collapse:collapse;font-size:.95rem}
th,td{text-align:left;padding:.4rem .5rem;border-bottom:1px solid #d0d4da;vertical-align:top}
.number{font-family:ui-monospace,Menlo,Consolas,monospace;white-space:nowrap}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
@media (max-width:480px){main{margin:0;border-radius:0;padding:1rem}.number{white-space:normal}}
`;
