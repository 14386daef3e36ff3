// What the shop and RTK Query use of @reduxjs/toolkit, shared in its place (see
// react-router-dom.mjs beside it): the whole package (entity adapter, dynamic middleware, the
// invariant middlewares, selector creators, every redux export) is shared untouched by
// tree-shaking, about 9 KB brotli of the first load; this list is about a third less.
// RTK Query (@reduxjs/toolkit/query and /query/react, shared on their own) imports its names from
// '@reduxjs/toolkit' as well, so they are here too: frontend/apps/shell/src/shared-modules.spec.ts
// checks the shop's imports and RTK Query's against this list.
// Imported by path: the bare name is the shared key this module is provided under.
export {
  SHOULD_AUTOBATCH,
  combineReducers,
  combineSlices,
  configureStore,
  createAction,
  createAsyncThunk,
  createListenerMiddleware,
  createNextState,
  createSelector,
  createSlice,
  formatProdErrorMessage,
  isAction,
  isAllOf,
  isAnyOf,
  isAsyncThunkAction,
  isFulfilled,
  isPending,
  isPlainObject,
  isRejected,
  isRejectedWithValue,
  nanoid,
  prepareAutoBatched,
} from '../../../node_modules/@reduxjs/toolkit/dist/redux-toolkit.modern.mjs';
