import { Link, useRouter } from '@tanstack/react-router';
import { usePortal } from '../../../app/PortalContext';
import { DeleteControl, withdrawVerb } from '../../../shared/DeleteControl';
import { bureauApi } from '../../../api/bureau';
import { territoryLabels } from '../../../../contract/shared/territory';
import { formatDate } from '../../../shared/format';
import { ResultTable } from '../../../shared/ResultTable';
import { basePrice, costLines, minorUnit, perUnit, startText, type CostLine } from './costText';
import type { BureauAdminData } from './load';
import { formatCount } from '../../../../contract/shared/numbers';

type Data = Extract<BureauAdminData, { view: 'prices' }>;

/** The prices per territory and cost type: the one in force, any scheduled after it, and the link to update it. */
export function PricesView({ data }: { data: Data }) {
  const groups = costLines(data.costs, data.costTypes, data.now);
  const { saved } = data;
  return (
    <>
      {saved && (
        <p className="card bureau-admin__saved" role="status">
          The new price of <strong>{saved.costTypeName}</strong>, {territoryLabels[saved.territory]}, is saved: it applies from{' '}
          {formatDate(saved.startDate)}. The one it replaces is in the price history.
        </p>
      )}
      {groups.map(({ territory, lines }) => {
        const id = `prices-${territory}`;
        const unit = minorUnit[territory];
        return (
          <section key={territory} className="card" aria-labelledby={`${id}-title`}>
            <h2 id={`${id}-title`}>
              Prices: {territoryLabels[territory]} ({territory === 'uk' ? '£' : 'A$'})
            </h2>
            <p className="muted">
              A file pays each cost type that applies to it: the base price, plus the price per record and per match in {unit.name} (a file
              pays for at least the minimum record count). Real prices are what the data owners are owed: the royalties.
            </p>
            <ResultTable<CostLine & { id: number }>
              labelledBy={`${id}-title`}
              rows={lines.map((l) => ({ ...l, id: l.costType.costTypeId }))}
              empty="There are no cost types."
              columns={[
                { header: 'Cost type', cell: (l) => <CostTypeCell line={l} /> },
                { header: 'Base price', cell: (l) => (l.current ? basePrice(l.current.basePrice, territory) : '—'), className: 'num' },
                { header: 'Per record', cell: (l) => (l.current ? perUnit(l.current.pricePerRecord, territory) : '—'), className: 'num' },
                { header: 'Per match', cell: (l) => (l.current ? perUnit(l.current.pricePerMatch, territory) : '—'), className: 'num' },
                { header: 'Real per record', cell: (l) => (l.current ? perUnit(l.current.realPricePerRecord, territory) : '—'), className: 'num' },
                { header: 'Real per match', cell: (l) => (l.current ? perUnit(l.current.realPricePerMatch, territory) : '—'), className: 'num' },
                { header: 'Minimum records', cell: (l) => (l.current ? formatCount(l.current.minRecCount) : '—'), className: 'num' },
                { header: 'Since', cell: (l) => (l.current ? startText(l.current.startDate) : 'Not priced'), className: 'nowrap' },
                {
                  header: 'Update',
                  cell: (l) =>
                    l.latest ? (
                      <Link
                        to="/administration/addresscleanse/priceupdate/$costId"
                        params={{ costId: l.latest.costId }}
                        aria-label={`Update price: ${l.costType.name}, ${territoryLabels[territory]}`}
                      >
                        Update price
                      </Link>
                    ) : (
                      '—'
                    ),
                  className: 'nowrap',
                },
              ]}
            />
          </section>
        );
      })}
    </>
  );
}

function CostTypeCell({ line }: { line: CostLine }) {
  const { costType, scheduled, territory, history } = line;
  const portal = usePortal();
  const router = useRouter();
  const where = `${costType.name}, ${territoryLabels[territory]}`;
  return (
    <>
      <strong>{costType.name}</strong>
      <br />
      <span className="muted">{costType.description}</span>
      {scheduled && (
        <>
          <br />
          <span className="badge badge--warning">
            From {formatDate(scheduled.startDate)}: {basePrice(scheduled.basePrice, territory)} + {perUnit(scheduled.pricePerRecord, territory)} a record
          </span>
          <span className="bureau-admin__scheduled">
            <Link
              to="/administration/addresscleanse/priceupdate/$costId"
              params={{ costId: scheduled.costId }}
              aria-label={`Change scheduled price: ${where}`}
            >
              Change
            </Link>
            <DeleteControl
              id={`withdraw-${scheduled.costId}`}
              what="scheduled price"
              name={`${where}, from ${formatDate(scheduled.startDate)}`}
              verb={withdrawVerb}
              compact
              act={() => bureauApi(portal.api).withdrawCost(scheduled.costId)}
              done={() => void router.invalidate()}
            />
          </span>
        </>
      )}
      {history.length > 1 && (
        <>
          <br />
          <span className="muted">{history.length} prices in its history</span>
        </>
      )}
    </>
  );
}
