import { useNavigate } from '@tanstack/react-router';
import { formatMoney } from '../../../../contract/shared/catalogue';
import { territoryLabels } from '../../../../contract/shared/territory';
import { TerritoryField } from '../../../shared/TerritoryField';
import { UsageChart } from '../../../shared/charts/UsageChart';
import { UsageTable } from '../../../shared/charts/UsageTable';
import { DateRangeForm } from '../../../shared/DateRangeForm';
import { dayRangeText } from '../../../shared/dateRange';
import type { RoyaltyCharge } from '../../../api/bureau';
import type { BureauAdminData } from './load';
import { chartMoney, royaltyTotals } from './reportText';

type Data = Extract<BureauAdminData, { view: 'royalties' }>;

/** GET /admin/royaltycharges: per cost type in one territory over a range, what files were charged and what the data owners are owed. */
export function RoyaltyReport({ data }: { data: Data }) {
  const navigate = useNavigate();
  const { territory, rows, costTypes, includedTypes, range } = data;
  const totals = royaltyTotals(rows);
  // The server answers every cost type asked for, charged or not.
  const charged = rows.some((r) => r.jobs > 0);
  const money = (minor: number) => formatMoney(minor, territory);
  const included = (id: number) => includedTypes === null || includedTypes.includes(id);

  const apply = (form: FormData) => {
    const types = form.getAll('types').map(String);
    void navigate({
      to: '/administration/addresscleanse',
      search: {
        view: 'royalties',
        from: String(form.get('from')),
        to: String(form.get('to')),
        territory: String(form.get('territory')),
        // Every type ticked is the same as none named.
        ...(types.length === costTypes.length ? {} : { types: types.join(',') }),
      },
    });
  };

  return (
    <>
      <section className="card" aria-labelledby="royalty-filter-title">
        <h2 id="royalty-filter-title">Royalty charges</h2>
        <DateRangeForm
          key={JSON.stringify([range.from, range.to, territory, includedTypes])}
          id="royalty-range"
          label="Choose the royalty report"
          range={range}
          now={data.now}
          onApply={apply}
          problems={data.problems}
          check={(form) => (form.getAll('types').length === 0 ? 'Choose at least one cost type.' : null)}
        >
          <TerritoryField id="royalty-territory" defaultValue={territory} />
          <fieldset className="bureau-admin__choices">
            <legend>Included cost types</legend>
            {costTypes.map((t) => (
              <label key={t.costTypeId} className="bureau-admin__choice">
                <input type="checkbox" name="types" value={t.costTypeId} defaultChecked={included(t.costTypeId)} /> {t.name}
              </label>
            ))}
          </fieldset>
        </DateRangeForm>
      </section>

      <section className="card" aria-labelledby="royalty-totals-title">
        <h2 id="royalty-totals-title">
          {territoryLabels[territory]}, {dayRangeText(range)}
        </h2>
        {!charged ? (
          <p className="empty-state">
            <strong>No charges in this range.</strong> Charges appear once a customer pays for a file’s results; choose a longer range or
            other cost types.
          </p>
        ) : (
          <>
            <dl className="bureau-admin__totals">
              <div>
                <dt>Charged</dt>
                <dd data-testid="royalty-charged">{money(totals.charges)}</dd>
              </div>
              <div>
                <dt>Royalties owed</dt>
                <dd data-testid="royalty-owed">{money(totals.realCharges)}</dd>
              </div>
              <div>
                <dt>Kept</dt>
                <dd data-testid="royalty-kept">{money(totals.charges - totals.realCharges)}</dd>
              </div>
            </dl>
            <UsageChart
              id="royalty-chart"
              kind="bar"
              summary={`Charged and royalties per cost type: ${rows.map((r) => `${r.name} charged ${money(r.charges)}, royalty ${money(r.realCharges)}`).join('; ')}.`}
              ticks={rows.map((r) => r.name)}
              labels={rows.map((r) => r.name)}
              series={[
                { label: `Charged (${territory === 'uk' ? '£' : 'A$'})`, values: rows.map((r) => r.charges / 100) },
                { label: `Royalty (${territory === 'uk' ? '£' : 'A$'})`, values: rows.map((r) => r.realCharges / 100) },
              ]}
              unit=""
              format={chartMoney}
            />
          </>
        )}
        <UsageTable<RoyaltyCharge>
          id="royalty-table"
          title="Per cost type"
          rows={charged ? rows : []}
          rowKey={(r) => r.costTypeId}
          fileName={`RoyaltyCharges-${territory}-${range.from}-${range.to}.csv`}
          empty="No cost type was charged in this range."
          totalLabel="Total"
          columns={[
            { header: 'Cost type', value: (r) => r.name },
            { header: 'Jobs', value: (r) => r.jobs },
            { header: 'Records', value: (r) => r.records },
            { header: 'Matches', value: (r) => r.matches },
            { header: 'Charged', value: (r) => r.charges / 100, cell: (r) => money(r.charges), total: money(totals.charges) },
            { header: 'Royalty', value: (r) => r.realCharges / 100, cell: (r) => money(r.realCharges), total: money(totals.realCharges) },
          ]}
        />
        <p className="muted">Jobs and records are counted per cost type: a file charged for two cost types is counted under each. Money in the CSV is in {territory === 'uk' ? 'pounds' : 'dollars'}.</p>
      </section>
    </>
  );
}
