import { acceptLabelConfig, type LabelConfig } from '../../../../contract/shared/labelConfig';
import type { Territory } from '../../../../contract/shared/territory';

// The label configuration is kept locally per user and territory (spec section 3: "kept locally");
// a saved value is accepted only from the enumerations (section 5): anything else falls back.

export const labelConfigKey = (userId: number, territory: Territory) => `portal.labelConfig.${userId}.${territory}`;

export function loadLabelConfig(storage: Storage, userId: number, territory: Territory): LabelConfig {
  try {
    return acceptLabelConfig(JSON.parse(storage.getItem(labelConfigKey(userId, territory)) ?? 'null'), territory);
  } catch {
    return acceptLabelConfig(null, territory);
  }
}

export function saveLabelConfig(storage: Storage, userId: number, territory: Territory, config: LabelConfig): void {
  storage.setItem(labelConfigKey(userId, territory), JSON.stringify(config));
}
