import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useSelector } from '@xstate/react';
import type { HelpTour as Tour } from '../../../contract/shared/helpTips';
import { shownTip, type HelpTipsSnapshot } from '../../../machines/helpTips';
import { usePortal } from '../../app/PortalContext';
import { helpTipsFor } from './helpTipsActor';
import { HelpTipDialog } from './HelpTipDialog';
import './helpTips.css';

type Shown = ReturnType<typeof shownTip>;
const sameShown = (a: Shown, b: Shown) => a === b || (a !== null && b !== null && a.tip === b.tip && a.index === b.index && a.count === b.count);
const selectShown = (s: HelpTipsSnapshot) => shownTip(s);
const selectTouring = (s: HelpTipsSnapshot) => s.matches('touring');

/** Announces the page's tour to the help-tips actor and shows its current tip. */
export default function HelpTour({ tour }: { tour: Tour }) {
  const actor = helpTipsFor(usePortal());
  const shown = useSelector(actor, selectShown, sameShown);
  const touring = useSelector(actor, selectTouring);
  const returnTo = useRef<Element | null>(null);

  useEffect(() => {
    actor.send({ type: 'page.opened', tour });
    return () => actor.send({ type: 'page.closed', tourName: tour.tourName });
  }, [actor, tour]);

  // Focus goes to each tip while the tour runs (between tips too), and back where it was when it ends.
  useEffect(() => {
    if (touring) {
      returnTo.current ??= document.activeElement;
      return;
    }
    const back = returnTo.current;
    returnTo.current = null;
    if (back instanceof HTMLElement && back.isConnected) back.focus();
  }, [touring]);

  if (!shown) return null;
  return createPortal(
    <HelpTipDialog
      key={`${tour.tourName}.${shown.tip.helpTipName}`}
      tip={shown.tip}
      index={shown.index}
      count={shown.count}
      onBack={() => actor.send({ type: 'user.back' })}
      onNext={() => actor.send({ type: 'user.next' })}
      onGotIt={() => actor.send({ type: 'user.gotIt' })}
      onHide={() => actor.send({ type: 'user.hideTips' })}
      onOutside={() => actor.send({ type: 'user.clickedOutside' })}
    />,
    document.body,
  );
}
