// Diagrams for the guides: inline SVG and CSS only (no images from the network). Each is described
// by its guide's figure caption; SVGs also carry a text alternative.
import { formatCount } from '../../../contract/shared/numbers';

export type FlowStep = { title: string; text?: string };

/** Steps left to right (wrapping on narrow screens), joined by arrows. */
export function Flow({ label, steps }: { label: string; steps: readonly FlowStep[] }) {
  return (
    <ol className="diagram-flow" aria-label={label}>
      {steps.map((step, i) => (
        <li key={step.title} className="diagram-flow__step">
          <span className="diagram-flow__n" aria-hidden="true">
            {i + 1}
          </span>
          <strong>{step.title}</strong>
          {step.text && <span className="diagram-flow__text">{step.text}</span>}
        </li>
      ))}
    </ol>
  );
}

const box = (x: number, y: number, w: number, title: string, sub: string, tone: string) => (
  <g key={`${x}-${y}`}>
    <rect x={x} y={y} width={w} height={46} rx={8} fill={tone} stroke="#0b5cad" strokeWidth={1.2} />
    <text x={x + w / 2} y={y + 20} textAnchor="middle" fontSize={13} fontWeight={700} fill="#17212b">
      {title}
    </text>
    <text x={x + w / 2} y={y + 36} textAnchor="middle" fontSize={11} fill="#5b6776">
      {sub}
    </text>
  </g>
);

const line = (x1: number, y1: number, x2: number, y2: number) => (
  <path key={`${x1}-${y1}-${x2}-${y2}`} d={`M${x1} ${y1} V${(y1 + y2) / 2} H${x2} V${y2}`} fill="none" stroke="#8a97a8" strokeWidth={1.4} />
);

/** Partner, organisations and accounts: the three levels of groups. */
export function GroupTree() {
  return (
    <svg className="diagram-svg" viewBox="0 0 640 250" role="img" aria-label="A partner owns organisations; each organisation holds accounts in the UK or Australia">
      {line(320, 56, 170, 100)}
      {line(320, 56, 470, 100)}
      {line(170, 146, 90, 190)}
      {line(170, 146, 250, 190)}
      {line(470, 146, 470, 190)}
      {box(230, 10, 180, 'Partner', 'optional: resellers', '#e7f0fa')}
      {box(80, 100, 180, 'Organisation', 'your company', '#eef8f5')}
      {box(380, 100, 180, 'Organisation', 'a customer of the partner', '#eef8f5')}
      {box(10, 190, 160, 'Account', 'UK · £', '#fff')}
      {box(180, 190, 160, 'Account', 'Australia · A$', '#fff')}
      {box(390, 190, 160, 'Account', 'UK · £', '#fff')}
    </svg>
  );
}

/** Monthly clicks as bars, with a reading of the numbers beside each bar. */
export function UsageBars({ label, months }: { label: string; months: readonly { month: string; clicks: number }[] }) {
  const max = Math.max(...months.map((m) => m.clicks), 1);
  return (
    <ul className="diagram-bars" aria-label={label}>
      {months.map((m) => (
        <li key={m.month}>
          <span className="diagram-bars__label">{m.month}</span>
          <span className="diagram-bars__track">
            <span className="diagram-bars__bar" style={{ width: `${(m.clicks / max) * 100}%` }} />
          </span>
          <span className="diagram-bars__value">{formatCount(m.clicks)}</span>
        </li>
      ))}
    </ul>
  );
}

/** A plan's life: clicks fall at the average rate until the renewal (or the estimated expiry). */
export function RenewalTimeline() {
  return (
    <svg className="diagram-svg" viewBox="0 0 640 210" role="img" aria-label="Remaining clicks fall from the start of a plan; a renewal adds clicks before they run out, otherwise the plan ends at its estimated expiry date">
      <line x1={60} y1={160} x2={610} y2={160} stroke="#8a97a8" strokeWidth={1.5} />
      <line x1={60} y1={30} x2={60} y2={160} stroke="#8a97a8" strokeWidth={1.5} />
      <text x={20} y={40} fontSize={11} fill="#5b6776" transform="rotate(-90 20 40)" textAnchor="end">
        remaining clicks
      </text>
      <polyline points="60,40 330,125 330,50 600,130" fill="none" stroke="#0b5cad" strokeWidth={3} />
      <polyline points="330,125 420,160" fill="none" stroke="#b42318" strokeWidth={2} strokeDasharray="6 5" />
      <circle cx={330} cy={125} r={5} fill="#12a58c" />
      <text x={336} y={100} fontSize={12} fill="#17212b" fontWeight={700}>
        renewal: clicks added
      </text>
      <text x={425} y={152} fontSize={11} fill="#b42318">
        without renewal: estimated expiry
      </text>
      <text x={60} y={180} fontSize={11} fill="#5b6776">
        start date
      </text>
      <text x={300} y={180} fontSize={11} fill="#5b6776">
        estimated renewal date
      </text>
      <text x={540} y={180} fontSize={11} fill="#5b6776">
        end date
      </text>
    </svg>
  );
}

/** The parts of UK and Australian bank details. */
export function BankCodes() {
  return (
    <div className="diagram-bank" role="group" aria-label="A UK sort code has six digits in three pairs, with an eight-digit account number; an Australian BSB has six digits in two groups of three, with an account number of up to nine digits">
      <div className="diagram-bank__row">
        <span className="diagram-bank__flag">UK</span>
        <span className="diagram-bank__part">
          <code>12-34-56</code>
          <small>sort code: bank and branch</small>
        </span>
        <span className="diagram-bank__part">
          <code>12345678</code>
          <small>account number: 8 digits</small>
        </span>
      </div>
      <div className="diagram-bank__row">
        <span className="diagram-bank__flag">AU</span>
        <span className="diagram-bank__part">
          <code>062-000</code>
          <small>BSB: bank, state, branch</small>
        </span>
        <span className="diagram-bank__part">
          <code>123456789</code>
          <small>account number: up to 9 digits</small>
        </span>
      </div>
    </div>
  );
}

/** Address labels side by side, one per format. */
export function AddressLabels({ labels }: { labels: readonly { format: string; lines: readonly string[] }[] }) {
  return (
    <div className="diagram-labels">
      {labels.map((label) => (
        <div key={label.format} className="diagram-labels__label">
          <span className="diagram-labels__format">{label.format}</span>
          {label.lines.map((l, i) => (
            <span key={i} className="diagram-labels__line">
              {l || '\u00a0'}
            </span>
          ))}
        </div>
      ))}
    </div>
  );
}
