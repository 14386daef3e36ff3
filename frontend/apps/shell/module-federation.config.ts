import { withSharedSingletons } from '../../module-federation.shared';

// No build-time remotes: the shell reads their URLs at runtime from
// /module-federation.manifest.json so each remote can be deployed on its own.
export default withSharedSingletons({
  name: 'shell',
  remotes: [],
});
