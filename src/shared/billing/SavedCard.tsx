import type { PaymentDetails } from '../../api/shop';
import { cardExpired, cardText } from './billingText';
import { DeleteControl, nothingRemoved, removeVerb } from '../DeleteControl';

type Props = {
  details: PaymentDetails;
  now: number;
  busy: boolean;
  /** Asks the gateway for its card page and leaves for it. */
  onSave: () => void;
  /** Owners remove the card; authorised payment users only save or replace it (no remove control). */
  onRemove?: () => Promise<unknown>;
  onRemoved?: () => void;
};

/** The account's saved card (spec section 3, Saved payment): never its number, only what identifies it. */
export function SavedCard({ details, now, busy, onSave, onRemove, onRemoved }: Props) {
  const { card } = details;
  return (
    <section className="billing__part" aria-labelledby="billing-card-title">
      <h3 id="billing-card-title">Saved card</h3>
      {card ? (
        <>
          <dl className="details billing__card">
            <dt>Card</dt>
            <dd data-testid="saved-card">{cardText(card)}</dd>
            <dt>Billing email</dt>
            <dd>{card.billingEmail}</dd>
          </dl>
          {cardExpired(card, now) && (
            <p className="badge badge--warning billing__expired">This card has expired: replace it, or automatic renewals will fail.</p>
          )}
          <p className="muted">Automatic renewals are paid with this card. The card page is the payment provider&apos;s: its number never reaches the portal.</p>
          <div className="form__row">
            <button type="button" className="button button--primary" disabled={busy} onClick={onSave}>
              Replace card
            </button>
            {onRemove && (
              <DeleteControl
                id="remove-card"
                what="card"
                name={card.lastFour}
                verb={removeVerb}
                words={{
                  question: `Remove the card ending ${card.lastFour}? Automatic renewals stop until a card is saved again.`,
                  confirm: 'Yes, remove the card',
                  failed: nothingRemoved,
                }}
                disabled={busy}
                act={onRemove}
                done={onRemoved ?? (() => {})}
              />
            )}
          </div>
        </>
      ) : (
        <>
          <p>No card is saved for this account. Save one to pay for automatic renewals; purchases in the shop ask for a card each time.</p>
          <button type="button" className="button button--primary" disabled={busy} onClick={onSave}>
            Save a card
          </button>
        </>
      )}
    </section>
  );
}
