import { territories, territoryLabels, type Territory } from '../../contract/shared/territory';

/**
 * A labelled territory choice read by its form (`name`): the territories by their names, after a
 * first option for both (value "") when `both` names it.
 */
export function TerritoryField({ id, name = 'territory', defaultValue, both }: { id: string; name?: string; defaultValue: Territory | ''; both?: string }) {
  return (
    <div className="field">
      <label htmlFor={id}>Territory</label>
      <select id={id} name={name} defaultValue={defaultValue}>
        {both !== undefined && <option value="">{both}</option>}
        {territories.map((t) => (
          <option key={t} value={t}>
            {territoryLabels[t]}
          </option>
        ))}
      </select>
    </div>
  );
}
