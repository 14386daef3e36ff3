import { withSharedSingletons } from '../../module-federation.shared';

export default withSharedSingletons({
  name: 'agent',
  exposes: {
    './Routes': './src/remote-entry.ts',
  },
});
