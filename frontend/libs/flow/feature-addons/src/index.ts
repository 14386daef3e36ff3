import './lib/addons.css';
export { AddonVariantsPage } from './lib/addon-variants-page';
export { PromotedAddonsPage } from './lib/promoted-addons-page';
export { AddonsPage } from './lib/addons-page';
export { PeriodsPage, MaturityPage, IntervalPage } from './lib/periods-pages';
