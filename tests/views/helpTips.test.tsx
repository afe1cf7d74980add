// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authUser, ok, renderPortal } from './support/renderPortal';
import { helpTipKey, helpTipsDisabledKey, helpTipSides, missingTargetMessage, tourProblems, type HelpTip } from '../../contract/shared/helpTips';
import { clearSessionStorage } from '../../src/app/storage';
import { HelpTipDialog } from '../../src/shared/helptips/HelpTipDialog';
import { placeTip } from '../../src/shared/helptips/placement';
import { helpTextTags, sanitizeHelpText } from '../../src/shared/helptips/sanitize';
import { forgetHelpTips, loadHelpTips, saveAllTipsDisabled, saveTipsDisabled } from '../../src/shared/helptips/storage';
import { waitForTarget } from '../../src/shared/helptips/target';
import { homeTour } from '../../src/shared/helptips/tours/home';

/** Script, event handler, iframe, style, SVG and javascript: URL, next to the four allowed tags. */
const payload =
  '<p>Read <b>this</b><br><a href="https://example.com/help" onclick="window.__xss=6">external</a> ' +
  '<a href="javascript:window.__xss=4">js link</a> <a href="/portal/helpcentre" target="_top">internal</a></p>' +
  '<script>window.__xss=1</script><img src="x" onerror="window.__xss=2">' +
  '<iframe src="javascript:window.top.__xss=3"></iframe><style>body{display:none}</style>' +
  '<svg onload="window.__xss=5"><circle r="1"></circle></svg><i>kept text</i><div style="color:red" class="x">plain</div>';

const allowed = new Set(helpTextTags.map((t) => t.toUpperCase()));
const tagsIn = (root: ParentNode) => [...root.querySelectorAll('*')].map((el) => el.tagName);

describe('help text sanitiser (spec section 9: b, a, br and p only)', () => {
  it('keeps b, a, br and p and strips everything else, with the content of script, style and iframe', () => {
    const html = sanitizeHelpText(payload);
    const box = document.createElement('div');
    box.innerHTML = html;
    expect(new Set(tagsIn(box))).toEqual(new Set(['P', 'B', 'BR', 'A']));
    expect(html).not.toMatch(/script|onerror|onclick|onload|iframe|style|svg|javascript:|__xss/i);
    expect(box.textContent).toContain('kept text');
    expect(box.textContent).toContain('plain');
  });

  it('keeps href; external links open in a new tab with rel="noopener noreferrer"; internal ones do not', () => {
    const box = document.createElement('div');
    box.innerHTML = sanitizeHelpText(payload);
    const [external, js, internal] = [...box.querySelectorAll('a')];
    expect(external.getAttribute('href')).toBe('https://example.com/help');
    expect(external.getAttribute('target')).toBe('_blank');
    expect(external.getAttribute('rel')).toBe('noopener noreferrer');
    expect(js.hasAttribute('href')).toBe(false);
    expect(internal.getAttribute('href')).toBe('/portal/helpcentre');
    expect(internal.hasAttribute('target')).toBe(false);
    expect(internal.hasAttribute('rel')).toBe(false);
  });

  it('leaves plain help text as it is', () => {
    expect(sanitizeHelpText('<p>Use <b>Next</b> to go on.</p>')).toBe('<p>Use <b>Next</b> to go on.</p>');
  });
});

function tip(over: Partial<HelpTip> = {}): HelpTip {
  return { helpTipName: 'one', order: 1, side: 'middle', title: 'A tip', helpText: '<p>Text</p>', ...over };
}

function renderDialog(props: { tip: HelpTip; index?: number; count?: number }) {
  const handlers = { onBack: vi.fn(), onNext: vi.fn(), onGotIt: vi.fn(), onHide: vi.fn(), onOutside: vi.fn() };
  render(<HelpTipDialog tip={props.tip} index={props.index ?? 0} count={props.count ?? 3} {...handlers} />);
  return handlers;
}

describe('a help tip on screen', () => {
  afterEach(cleanup);

  it('renders help text, table and text after it sanitised: nothing of an XSS payload survives or runs', () => {
    const w = window as unknown as { __xss?: number };
    delete w.__xss;
    renderDialog({
      tip: tip({ helpText: payload, helpTable: [{ key: `<b>Key</b>${payload}`, text: payload }], helpTextAfterTable: payload }),
    });
    const dialog = screen.getByRole('dialog', { name: 'A tip' });
    const body = dialog.querySelector('.helptip__body')!;
    // Inside each sanitised container only the allowed tags remain.
    const containers = [...body.querySelectorAll(':scope > div, th, td')];
    expect(containers).toHaveLength(4);
    for (const c of containers) for (const tag of tagsIn(c)) expect(allowed.has(tag), tag).toBe(true);
    expect(dialog.querySelectorAll('script, img, iframe, style, svg, [onerror], [onclick], [onload], [style]')).toHaveLength(0);
    expect(dialog.innerHTML).not.toMatch(/javascript:/i);
    expect(w.__xss).toBeUndefined();
  });

  it('is a dialog labelled by its title, takes the focus, and offers Next and Hide Tips on the first tip', () => {
    const handlers = renderDialog({ tip: tip(), index: 0, count: 3 });
    const dialog = screen.getByRole('dialog', { name: 'A tip' });
    expect(document.activeElement).toBe(dialog);
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(within(dialog).getByText('Tip 1 of 3')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Back' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Got it' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hide Tips' }));
    expect(handlers.onNext).toHaveBeenCalledTimes(1);
    expect(handlers.onHide).toHaveBeenCalledTimes(1);
    expect(handlers.onOutside).not.toHaveBeenCalled();
  });

  it('offers Back and Got it on the last tip', () => {
    const handlers = renderDialog({ tip: tip(), index: 2, count: 3 });
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).queryByRole('button', { name: 'Next' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Got it' }));
    expect(handlers.onBack).toHaveBeenCalledTimes(1);
    expect(handlers.onGotIt).toHaveBeenCalledTimes(1);
  });

  it('treats Escape and a press outside it as a click outside; keeps Tab inside', async () => {
    const outsideButton = document.createElement('button');
    document.body.append(outsideButton);
    const handlers = renderDialog({ tip: tip(), index: 1, count: 3 });
    const dialog = screen.getByRole('dialog');
    const user = userEvent.setup();
    await user.tab();
    await user.tab();
    await user.tab();
    await user.tab();
    expect(dialog.contains(document.activeElement), 'focus stays in the tip').toBe(true);
    await user.keyboard('{Escape}');
    expect(handlers.onOutside).toHaveBeenCalledTimes(1);
    fireEvent.pointerDown(dialog);
    expect(handlers.onOutside).toHaveBeenCalledTimes(1);
    fireEvent.pointerDown(outsideButton);
    expect(handlers.onOutside).toHaveBeenCalledTimes(2);
    outsideButton.remove();
  });

  it('leaves the page undimmed and not modal with hideDarkBG', () => {
    renderDialog({ tip: tip({ hideDarkBG: true }) });
    expect(screen.getByRole('dialog').hasAttribute('aria-modal')).toBe(false);
    expect(document.querySelector('.helptip-dim, .helptip-catcher')).toBeNull();
  });
});

describe('placing a tip beside its target', () => {
  const viewport = { width: 1280, height: 800 };
  const target = { top: 300, left: 500, width: 200, height: 40 };
  const size = { width: 360, height: 180 };

  it('puts the tip on the side it names, the gap away, with the arrow at the target’s centre', () => {
    const top = placeTip('top', target, size, viewport);
    expect(top.top + size.height).toBeLessThanOrEqual(target.top);
    expect(top.left + top.arrow).toBe(600);
    const bottom = placeTip('bottom', target, size, viewport);
    expect(bottom.top).toBeGreaterThanOrEqual(target.top + target.height);
    const left = placeTip('left', target, size, viewport);
    expect(left.left + size.width).toBeLessThanOrEqual(target.left);
    expect(left.top + left.arrow).toBe(320);
    const right = placeTip('right', target, size, viewport);
    expect(right.left).toBeGreaterThanOrEqual(target.left + target.width);
  });

  it('keeps the tip inside the viewport, the arrow still pointing at the target', () => {
    const corner = { top: 40, left: 1200, width: 60, height: 30 };
    const p = placeTip('left', corner, size, viewport);
    expect(p.top).toBe(8);
    expect(p.top + p.arrow).toBe(55);
    const q = placeTip('bottom', corner, size, viewport);
    expect(q.left).toBe(1280 - 360 - 8);
  });
});

describe('finding a tip’s target', () => {
  it('waits for a target that renders late, and gives up at once with skipResizeObserver', async () => {
    const late = waitForTarget({ targetId: 'late-target', skipResizeObserver: false }, new AbortController().signal);
    const el = document.createElement('div');
    el.id = 'late-target';
    setTimeout(() => document.body.append(el), 20);
    await expect(late).resolves.toBeUndefined();
    await expect(waitForTarget({ targetId: 'nowhere', skipResizeObserver: true }, new AbortController().signal)).rejects.toThrow(
      `${missingTargetMessage}: no element with id 'nowhere'`,
    );
    el.remove();
  });

  it('stops waiting when the machine gives up', async () => {
    const abort = new AbortController();
    const waiting = waitForTarget({ targetId: 'never', skipResizeObserver: false }, abort.signal);
    abort.abort(new Error('left the tip'));
    await expect(waiting).rejects.toThrow('left the tip');
  });
});

describe('help-tip storage (spec section 9)', () => {
  beforeEach(() => localStorage.clear());

  it('keeps one key per tip and a global flag under portal.helptips., which logout keeps', () => {
    saveTipsDisabled(localStorage, ['home.welcome', 'home.services']);
    saveAllTipsDisabled(localStorage);
    localStorage.setItem('portal.session.user', '{}');
    expect(Object.keys(localStorage).sort()).toEqual([
      'portal.helptips.disabled',
      'portal.helptips.tip.home.services',
      'portal.helptips.tip.home.welcome',
      'portal.session.user',
    ]);
    clearSessionStorage(localStorage);
    expect(loadHelpTips(localStorage)).toEqual({ allDisabled: true, disabledTips: ['home.services', 'home.welcome'] });
    forgetHelpTips(localStorage);
    expect(loadHelpTips(localStorage)).toEqual({ allDisabled: false, disabledTips: [] });
  });
});

describe('the home tour', () => {
  it('is sound data, with a tip on every side', () => {
    expect(tourProblems(homeTour)).toEqual([]);
    expect(new Set(homeTour.tips.map((t) => t.side))).toEqual(new Set(helpTipSides));
  });

  it('reports a tip off the middle without a target', () => {
    expect(tourProblems({ tourName: 'x', tips: [tip({ side: 'left' })] })).toEqual([`tip 'one': ${missingTargetMessage}`]);
  });
});

// ---- On the real app: router, machines, views; only the network is answered ----

const member = authUser({ id: 5, jwt: 'jwt-member', userName: 'member@example.com' });

function renderApp(path: string) {
  return renderPortal(path, { user: member,
    handler: ({ url }) =>
      url.pathname === '/api/users/user'
        ? ok({ id: 5, name: member.userName, email: member.userName, personalName: 'Mem Ber', territory: 'uk', createTimestamp: 0, updateTimestamp: 0 })
        : undefined, });
}

describe('the home tour in the app', () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanup);

  it('starts by itself on a first visit, runs in order and "Got it" disables it for good', async () => {
    const { router } = renderApp('/portal/home');
    const user = userEvent.setup();
    const titles = [...homeTour.tips].sort((a, b) => a.order - b.order).map((t) => t.title);
    for (const [i, title] of titles.entries()) {
      // The tour's code loads after the page (lazily): the first time can take a moment.
      const dialog = await screen.findByRole('dialog', { name: title }, { timeout: 5000 });
      expect(within(dialog).getByText(`Tip ${i + 1} of ${titles.length}`)).toBeTruthy();
      if (i < titles.length - 1) await user.click(within(dialog).getByRole('button', { name: 'Next' }));
      else await user.click(within(dialog).getByRole('button', { name: 'Got it' }));
    }
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(Object.keys(localStorage).filter((k) => k.startsWith('portal.helptips.')).sort()).toEqual(
      homeTour.tips.map((t) => helpTipKey(`home.${t.helpTipName}`)).sort(),
    );
    // Away and back: the tour does not start again.
    await act(() => router.navigate({ to: '/helpcentre' }));
    await screen.findByRole('heading', { name: 'Help Centre', level: 1 });
    await act(() => router.navigate({ to: '/home' }));
    await screen.findByRole('heading', { name: 'Welcome' });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Hide Tips stores the global flag; "Show help tips again" in My settings turns every tour back on', async () => {
    const { router } = renderApp('/portal/home');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Hide Tips' }, { timeout: 5000 }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(localStorage.getItem(helpTipsDisabledKey)).toBe('true');

    await act(() => router.navigate({ to: '/user/$userId', params: { userId: 5 } }));
    const settings = await screen.findByRole('region', { name: 'Help tips' });
    expect(within(settings).getByRole('status').textContent).toBe('Help tips are hidden on every page.');
    await user.click(within(settings).getByRole('button', { name: 'Show help tips again' }));
    expect(localStorage.getItem(helpTipsDisabledKey)).toBeNull();
    expect(within(settings).getByRole('status').textContent).toMatch(/^Help tips are on/);

    await act(() => router.navigate({ to: '/home' }));
    await screen.findByRole('dialog', { name: homeTour.tips[0].title }, { timeout: 5000 });
  });
});
