export { useFlowItem } from './lib/use-flow-item';
export type { FlowItemState } from './lib/use-flow-item';
export { useGoNext } from './lib/use-go-next';
export type { GoNextArgs } from './lib/use-go-next';
// The cart-item lookup and the notice mapping live in shared-store (the cart page uses them too);
// re-exported so flow screens import everything flow-related from here.
export { lineProductIds, noticeToNotification, notFoundError, productsByIds, useCartNotices } from '@hostcart/shared-store';
export { loadFlowContext, flowContextOf, domainFieldsOf } from './lib/flow-context';
export { useOrderExtras, orderInformations } from './lib/use-order-extras';
export type { OrderExtrasArgs, OrderInformationsQuery } from './lib/use-order-extras';
export { promotionPeriod, productLineOf } from './lib/order-rules';
export type { PeriodIds } from './lib/order-rules';
// The §2/§6 gate of the item-adding routes lives in shared-store (the first screen, the categories,
// uses it without loading this library).
export { AddingItemsGate, useAddingItemsAllowed, withAddingItemsGate } from '@hostcart/shared-store';
export type { AddingItemsGateProps } from '@hostcart/shared-store';
export { isItemConfigured, markItemConfigured } from './lib/configured-items';
export { PreconfiguredGate, usePreconfiguredLock } from './lib/preconfigured-lock';
export type { ItemLock, PreconfiguredGateProps } from './lib/preconfigured-lock';
