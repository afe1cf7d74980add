import { Suspense, useMemo, useState } from 'react';
import { Link, useSearch } from '@tanstack/react-router';
import { machines } from '../../../machines/registry';
import { thisTab } from '../../app/inspection';
import { Spinner } from '../../shared/Spinner';
import { activeIds } from './chart';
import { Diagram } from './Diagram';
import { newestRecord, recentEvents, useLiveRecords } from './live';
import './visualiser.css';


const time = (at: number) => new Date(at).toLocaleTimeString('en-GB');
const tabName = (tab: string) => (tab === thisTab ? `${tab} (this tab)` : tab);
const showValue = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

const zooms = [
  { value: 'fit', label: 'Fit' },
  { value: 1, label: '100%' },
  { value: 1.5, label: '150%' },
] as const;

/**
 * /visualiser: every machine of machines/registry.ts drawn from its definition, with the live state of
 * its newest running actor in any tab of this portal and the events it received last.
 */
export default function Visualiser() {
  const search = useSearch({ from: '/visualiser' });
  const machine = machines.find((m) => m.id === search.machine) ?? machines[0];
  const records = useLiveRecords();
  const live = newestRecord(records, machine.id);
  const events = recentEvents(records, machine.id);
  const active = useMemo(() => (live ? activeIds(machine, live.value) : new Set<string>()), [machine, live]);
  const [zoom, setZoom] = useState<number | 'fit'>('fit');

  return (
    <div className="visualiser">
      <header className="visualiser__bar">
        <h1>Statecharts</h1>
        <p className="muted">
          Drawn from machines/registry.ts. Live states come from this portal&apos;s open tabs; this is {thisTab}.
        </p>
        <Link to="/home">Back to the portal</Link>
      </header>
      <div className="visualiser__body">
        <nav aria-label="Machines" className="visualiser__machines">
          <ul>
            {machines.map((m) => {
              const running = records.some((r) => r.machine === m.id);
              return (
                <li key={m.id}>
                  <Link to="/visualiser" search={{ machine: m.id }} aria-current={m === machine ? 'page' : undefined}>
                    {m.id}
                    {running && <span className="visualiser__badge">live</span>}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <main id="main" className="visualiser__main" tabIndex={-1}>
          <div className="visualiser__heading">
            <h2>{machine.id}</h2>
            <p role="status" className="visualiser__live">
              {live ? (
                <>
                  Live state <strong data-testid="live-state">{showValue(live.value)}</strong> in {tabName(live.tab)} ({live.path}),{' '}
                  {time(live.updatedAt)}
                </>
              ) : (
                'No running actor of this machine in the open tabs.'
              )}
            </p>
            <div role="group" aria-label="Zoom" className="visualiser__zoom">
              {zooms.map((z) => (
                <button
                  key={z.label}
                  type="button"
                  className="button"
                  aria-pressed={zoom === z.value}
                  onClick={() => setZoom(z.value)}
                >
                  {z.label}
                </button>
              ))}
            </div>
          </div>
          <div className="visualiser__canvas" tabIndex={0} role="region" aria-label="Diagram">
            <Suspense fallback={<Spinner />}>
              <Diagram machine={machine} active={active} zoom={zoom} />
            </Suspense>
          </div>
          <p className="muted visualiser__legend">
            ● initial state · double border: final state · dashed: parallel region · ↻ re-enters the state · • stays
            in the state · [guard] · after: a delay · done/error: an invoked actor settles
          </p>
          <section aria-labelledby="events-title">
            <h3 id="events-title">Last events</h3>
            {events.length ? (
              <table className="visualiser__events">
                <thead>
                  <tr>
                    <th scope="col">Time</th>
                    <th scope="col">Tab</th>
                    <th scope="col">Event</th>
                    <th scope="col">Payload</th>
                  </tr>
                </thead>
                <tbody>
                  {events.map((e, i) => (
                    <tr key={`${e.tab}-${e.at}-${i}`}>
                      <td>{time(e.at)}</td>
                      <td>{tabName(e.tab)}</td>
                      <td>
                        <code>{e.type}</code>
                      </td>
                      <td>
                        <code>{e.detail}</code>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : (
              <p className="muted">None yet.</p>
            )}
          </section>
        </main>
      </div>
    </div>
  );
}
