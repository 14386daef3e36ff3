// What the shop uses of react-router-dom, shared between the shell and the remotes in its place
// (module-federation.shared.ts). A shared package cannot be tree-shaken: every app provides it
// whole, because it cannot know what the others import, and react-router 7 whole (data routers,
// server rendering, framework mode) is about 50 KB compressed of the first load. Through this
// module the shell provides the declarative router only (about 10 KB); every app is built from
// this list, so a name missing here is caught by frontend/apps/shell/src/shared-modules.spec.ts.
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  Route,
  Routes,
  generatePath,
  matchPath,
  useLocation,
  useNavigate,
  useNavigationType,
  useParams,
  useSearchParams,
} from 'react-router';
