import { useSelector } from '@xstate/react';
import { tipsAllOn } from '../../../machines/helpTips';
import { usePortal } from '../../app/PortalContext';
import { helpTipsFor } from './helpTipsActor';

/** The "Help tips" section of the user's settings: turns every tour back on. */
export function HelpTipsSettings() {
  const actor = helpTipsFor(usePortal());
  const allOn = useSelector(actor, tipsAllOn);
  const hidden = useSelector(actor, (s) => s.context.saved.allDisabled);
  const status = allOn
    ? 'Help tips are on: each page with a tour shows it on your next visit.'
    : hidden
      ? 'Help tips are hidden on every page.'
      : 'You have finished or closed some tours, so their tips no longer show.';
  return (
    <section className="card" aria-labelledby="help-tips-title">
      <h2 id="help-tips-title">Help tips</h2>
      <p>
        Pages with a tour point out what is where on your first visit. Tips are remembered by this browser, so they
        stay as you left them when you log out.
      </p>
      <p role="status">{status}</p>
      <button type="button" className="button button--primary" onClick={() => actor.send({ type: 'user.enableTips' })}>
        Show help tips again
      </button>
    </section>
  );
}
