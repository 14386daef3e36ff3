// What the shop and RTK Query's hooks use of react-redux, shared in its place (see
// react-router-dom.mjs beside it): without connect and the hook factories, which a shared (never
// tree-shaken) react-redux would carry onto the first load.
// Imported by path: the bare name is the shared key this module is provided under.
export {
  Provider,
  ReactReduxContext,
  batch,
  shallowEqual,
  useDispatch,
  useSelector,
  useStore,
} from '../../../node_modules/react-redux/dist/react-redux.mjs';
