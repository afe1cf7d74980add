import type { FormEvent, MouseEvent } from 'react';
import { useSelector } from '@xstate/react';
import { can } from '../../../contract/shared/access';
import type { GroupDetails } from '../../api/groups';
import { usePortal } from '../../app/PortalContext';
import { formValues } from '../../shared/Field';
import { charityBadgeClasses, charityDiscounts, charityStatusLabels, charityStatusOf } from './charity';
import { useAction } from '../../shared/useAction';

/** The badge of an organisation's charity status: none, in verification, confirmed or not valid. */
export function CharityBadge({ group }: { group: GroupDetails }) {
  const status = charityStatusOf(group);
  return (
    <span className={`badge ${charityBadgeClasses[status]}`} data-testid="charity-status">
      {charityStatusLabels[status]}
    </span>
  );
}

/**
 * An organisation's charity status (spec section 4). Whoever administers the organisation sets the
 * number (it then waits for verification) or removes it; only staff confirm it and give discounts,
 * which the server refuses to anyone else (contract/shared/access.ts, need 'staff').
 */
export function CharitySection({ group }: { group: GroupDetails }) {
  const { session, groupsApi } = usePortal();
  const me = useSelector(session, (s) => s.context.user);
  const manage = can(me, group, 'manage');
  const staff = can(me, group, 'staff');
  const { run, busy, done } = useAction();
  const status = charityStatusOf(group);
  const number = group.charityPSLNumber ?? '';

  const setNumber = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const charityPSLNumber = formValues(e.currentTarget).charityPSLNumber.trim();
    // A new number always waits for staff to check it, whoever enters it.
    run('Charity number saved. It is now in verification.', () =>
      groupsApi.updateCharity(group.id, { charityPSLNumber, isInVerifyProcess: true }),
    );
  };
  const confirm = (isValid: boolean) => (e: MouseEvent<HTMLButtonElement>) => {
    const ticked = formValues(e.currentTarget.form!);
    run(isValid ? 'Charity confirmed.' : 'Charity number marked as not valid.', () =>
      groupsApi.confirmCharity(group.id, {
        charityPSLNumber: number,
        isValid,
        isRoyalMailDiscount: 'isRoyalMailDiscount' in ticked,
        isOSDiscount: 'isOSDiscount' in ticked,
      }),
    );
  };
  const remove = () => {
    if (window.confirm(`Remove the charity number of ${group.name}? Any charity discount ends.`)) {
      run('Charity number removed.', () => groupsApi.disableCharity(group.id));
    }
  };

  return (
    <div className="status-block" aria-labelledby="charity-title" role="group">
      <h3 id="charity-title">Charity</h3>
      <p className="status-block__state">
        <CharityBadge group={group} />
        {number && (
          <span>
            Number <strong>{number}</strong>
          </span>
        )}
      </p>
      {status === 'none' && <p className="muted">A registered charity may ask for charity discounts by entering its charity number.</p>}
      {status === 'verifying' && <p className="muted">We are checking this number. Discounts apply once it is confirmed.</p>}
      {status === 'invalid' && <p className="muted">This number could not be confirmed. Remove it and enter the right one to have it checked again.</p>}
      {status === 'confirmed' && (
        <ul className="plain-list">
          {charityDiscounts.map((d) => (
            <li key={d.field}>
              {d.label}: <strong>{group[d.field] ? 'yes' : 'no'}</strong>
            </li>
          ))}
        </ul>
      )}

      {staff && status === 'verifying' && (
        <form className="form status-block__form" aria-label="Confirm the charity" onSubmit={(e) => e.preventDefault()}>
          <fieldset className="fieldset">
            <legend>Discounts when confirmed</legend>
            {charityDiscounts.map((d) => (
              <label key={d.field} className="checkbox">
                <input type="checkbox" name={d.field} defaultChecked={Boolean(group[d.field])} /> {d.label}
              </label>
            ))}
          </fieldset>
          <div className="form__row">
            <button type="button" className="button button--primary" disabled={busy} onClick={confirm(true)}>
              Confirm valid
            </button>
            <button type="button" className="button" disabled={busy} onClick={confirm(false)}>
              Confirm not valid
            </button>
          </div>
        </form>
      )}
      {manage && status === 'none' && (
        <form className="form form--inline" onSubmit={setNumber}>
          <label htmlFor="charity-number">Charity number</label>
          <input id="charity-number" name="charityPSLNumber" required maxLength={50} autoComplete="off" />
          <button type="submit" className="button" disabled={busy}>
            Set charity number
          </button>
        </form>
      )}
      {manage && status !== 'none' && (
        <button type="button" className="button" disabled={busy} onClick={remove}>
          Remove charity number
        </button>
      )}
      <p role="status" className="status-line">
        {busy ? 'Saving…' : done}
      </p>
    </div>
  );
}
