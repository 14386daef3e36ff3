import './lib/periods.css';
export { PeriodTiles } from './lib/period-tiles';
export type { PeriodTilesProps } from './lib/period-tiles';
export { PeriodModal, MODAL_CLOSE_DELAY_MS } from './lib/period-modal';
export type { PeriodModalProps } from './lib/period-modal';
export { periodChoices, initialMode, hasIntervalChoice, unsupportedLines, strippedPromotion } from './lib/period-choices';
export type { LineRef, PeriodChoice, PeriodMode } from './lib/period-choices';
