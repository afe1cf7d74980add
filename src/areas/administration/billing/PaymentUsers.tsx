import { useState, type FormEvent } from 'react';
import { ResultTable } from '../../../shared/ResultTable';
import type { PaymentUser } from '../../../api/shop';
import type { AccountMember } from './load';
import { DeleteControl, nothingRemoved, removeVerb } from '../../../shared/DeleteControl';

type Props = {
  users: PaymentUser[];
  /** The account's users (owners and members, here or above), from whom payment users are chosen. */
  members: AccountMember[];
  busy: boolean;
  onAdd: (member: AccountMember) => void;
  onRemove: (user: PaymentUser) => Promise<unknown>;
  onRemoved: () => void;
};

/** Who may pay for the account and receives its receipts and renewal notices: its owners always, and those authorised. */
export function PaymentUsers({ users, members, busy, onAdd, onRemove, onRemoved }: Props) {
  const listed = new Set(users.map((u) => u.userId));
  const candidates = members.filter((m) => !listed.has(m.userId));
  const [chosen, setChosen] = useState('');
  // The account's user list knows people's own names; the payment list may only know their user name.
  const nameOf = (u: PaymentUser) => members.find((m) => m.userId === u.userId)?.name ?? u.name;

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const member = candidates.find((m) => String(m.userId) === chosen);
    if (!member) return;
    setChosen('');
    onAdd(member);
  };

  return (
    <section className="billing__part" aria-labelledby="billing-users-title">
      <h3 id="billing-users-title">Authorised payment users</h3>
      <p className="muted">They may pay for this account: on their Home page they keep the card that pays its automatic renewals and see its invoices, and they receive its receipts and renewal notices. Buying, renewals and the monthly cap stay with owners, who always may pay.</p>
      <ResultTable
        labelledBy="billing-users-title"
        rows={users.map((u) => ({ ...u, name: nameOf(u), id: u.userId }))}
        empty="No one is authorised yet."
        columns={[
          { header: 'Name', cell: (u) => u.name },
          { header: 'Email', cell: (u) => u.email },
          { header: 'Authorised', cell: (u) => (u.owner ? 'Always (owner)' : 'Yes') },
          {
            header: 'Actions',
            cell: (u) =>
              u.owner ? (
                <span className="muted">—</span>
              ) : (
                <DeleteControl
                  id={`remove-payment-user-${u.userId}`}
                  what="payment user"
                  name={u.name}
                  verb={removeVerb}
                  words={{ ariaLabel: `Remove ${u.name}`, question: `Remove ${u.name} from the payment users?`, confirm: 'Yes, remove', failed: nothingRemoved }}
                  compact
                  disabled={busy}
                  act={() => onRemove(u)}
                  done={onRemoved}
                />
              ),
          },
        ]}
      />
      {candidates.length > 0 ? (
        <form className="form--inline billing__add-user" onSubmit={submit} aria-busy={busy}>
          <label htmlFor="field-payment-user">Authorise a user of the account</label>
          <select id="field-payment-user" value={chosen} onChange={(e) => setChosen(e.currentTarget.value)}>
            <option value="">Choose a user…</option>
            {candidates.map((m) => (
              <option key={m.userId} value={m.userId}>
                {m.name === m.email ? m.email : `${m.name} (${m.email})`}
              </option>
            ))}
          </select>
          <button type="submit" className="button" disabled={busy || chosen === ''}>
            Authorise
          </button>
        </form>
      ) : (
        <p className="muted">Every user of the account is listed. Invite someone on the Account page to add them here.</p>
      )}
    </section>
  );
}
